import { createEmbedBridge, type EmbedBridge } from './embed-bridge';
import { embedModeOf } from './embed-mode';

/**
 * Called first thing at start-up: for the embedded view, puts the URL in its `#/embed…`
 * form (before the router reads it) and starts listening for the host page's messages.
 * Null for the dashboard on its own.
 */
export function startEmbedModeIfAsked(win: Window = window): EmbedBridge | null {
  const mode = embedModeOf(win.location);
  if (!mode.embedded) return null;
  if (mode.hash !== win.location.hash) {
    const { pathname, search } = win.location;
    win.history.replaceState(win.history.state, '', `${pathname}${search}${mode.hash}`);
  }
  return createEmbedBridge({ self: win, parent: win.parent });
}
