import type { BridgeParent, BridgeWindow, EmbedBridge, ReceivedMessage } from './embed-bridge';
import { embedModeOf } from './embed-mode';

/** At most as many as the bridge keeps before the app attaches. */
const MAX_HEARD_EARLY = 16;

/**
 * Called first thing at start-up: for the embedded view, puts the URL in its `#/embed…`
 * form (before the router reads it) and starts listening for the host page's messages.
 * Null for the dashboard on its own.
 *
 * The bridge's code loads only in the embedded view (the dashboard on its own never needs
 * it), alongside config.json. A host may post `connect` as soon as the frame loads: what
 * arrives meanwhile is heard here and handed to the bridge, which takes over the listening
 * in the same turn, so nothing is lost or heard twice.
 */
export function startEmbedModeIfAsked(
  win: Window = window,
  loadBridge: () => Promise<typeof import('./embed-bridge')> = () => import('./embed-bridge'),
): Promise<EmbedBridge> | null {
  const mode = embedModeOf(win.location);
  if (!mode.embedded) return null;
  if (mode.hash !== win.location.hash) {
    const { pathname, search } = win.location;
    win.history.replaceState(win.history.state, '', `${pathname}${search}${mode.hash}`);
  }
  return startBridge(win, win.parent, loadBridge);
}

/** The listening part of startEmbedModeIfAsked, for tests with a fake frame. */
export async function startBridge(
  self: BridgeWindow,
  parent: BridgeParent,
  loadBridge: () => Promise<typeof import('./embed-bridge')>,
): Promise<EmbedBridge> {
  const heard: ReceivedMessage[] = [];
  const hear = (event: MessageEvent) => {
    if (heard.length < MAX_HEARD_EARLY) {
      heard.push({ origin: event.origin, data: event.data, source: event.source });
    }
  };
  self.addEventListener('message', hear);
  try {
    const { createEmbedBridge } = await loadBridge();
    return createEmbedBridge({ self, parent, heardBefore: heard });
  } finally {
    self.removeEventListener('message', hear);
  }
}
