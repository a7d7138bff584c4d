/**
 * What the start-up script (./start-up.ts) hands the app's code (./start-app.tsx), which it
 * imports dynamically: here, so that neither of the two imports the other.
 */
import type { RuntimeConfig } from '../config/runtime-config';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import type { EarlyResponses } from '../lib/api/early-responses';
import type { AppLocale } from '../lib/i18n/locales';
import { startUpMessagesOf } from './start-up-messages';

/** What the start-up script (./start-up.ts) began before the app's code (./start-app.tsx) was in. */
export interface StartedEarly {
  /** config.json, asked for at once. */
  config: Promise<RuntimeConfig>;
  /** The embedded view's bridge (null for the dashboard on its own). */
  embedBridgeStarting: Promise<EmbedBridge> | null;
  /** The first screen's requests, already sent with the stored key (null: none were). */
  early: EarlyResponses | null;
  /** The language chosen before config.json was in; its catalogs are already downloading. */
  locale: AppLocale;
  /** A workspace opens first (a stored key, or the embedded view): its screens' catalogs too. */
  workspaceOpens: boolean;
}

/** Offline, or a redeploy removed the app's code: say so in the person's language. */
export function showLoadFailed(win: Window, locale: AppLocale): void {
  const alert = win.document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'p-4 text-sm';
  alert.textContent = startUpMessagesOf(locale).loadFailed;
  rootOf(win).replaceChildren(alert);
}

export function rootOf(win: Window): HTMLElement {
  const root = win.document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  return root;
}
