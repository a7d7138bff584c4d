import { loadRuntimeConfig } from '../config/runtime-config';
import { startEmbedModeIfAsked } from '../features/embed/start-embed-mode';
import { type EarlyResponses, startEarlyRequests } from '../lib/api/early-responses';
import { createAuthStore } from '../lib/auth/auth-store';
import { firstScreenAreas, loadCatalogs } from '../lib/i18n/catalogs';
import { formatLocaleOf, initialLocale } from '../lib/i18n/locales';
import { startFollowingTheme } from '../lib/theme-preference';
import { createViewMemory, LAST_SCREEN_KEY } from '../lib/view-memory/view-memory';
import { workspaceViewMemory } from '../lib/view-memory/workspace-view-memory';
import { type FirstScreen, firstRequestsOf, firstScreenOf, readsTables } from './first-screen-plan';
import { rootOf, type StartedEarly, showLoadFailed } from './start-up-handoff';
import { startUpMessagesOf } from './start-up-messages';

export interface StartUpOptions {
  win?: Window;
  loadApp?: () => Promise<typeof import('./start-app')>;
  /** Fetches the code of the page the URL opens (and its layout), for when React gets there. */
  loadPageCode?: (pagePath: string, embedded: boolean) => void;
  fetch?: typeof fetch;
}

/**
 * What src/main.ts runs, in a script that is small and free of React (docs/decisions/026):
 * the app's code (React, the router, the connect screen) downloads alongside it from
 * index.html's modulepreload hint, while this reads the stored key and the URL and sends
 * the first screen's requests and config.json's. On a slow connection those requests used
 * to wait for the whole app to download and run; now they leave a round trip after the
 * page. The app then takes the replies (./start-app.tsx).
 */
export function startUp({
  win = window,
  loadApp = () => import('./start-app'),
  loadPageCode = fetchPageCode,
  fetch: fetchImpl,
}: StartUpOptions = {}): void {
  // Before the first paint, so a dark-mode user never sees a white flash.
  startFollowingTheme();
  // Before anything async: the embedded view must hear a host that posts as soon as it loads.
  // Its bridge's code loads alongside config.json, and only in the embedded view.
  const embedBridgeStarting = startEmbedModeIfAsked(win);
  const config = loadRuntimeConfig(fetchImpl);
  // Handled later by the app; marked handled now so a bad config.json is not also an
  // "uncaught" console error while the app's code loads.
  config.catch(() => undefined);

  // The dashboard's root address returns to the workspace's last screen (decision 049),
  // before anything is asked for: the first screen's requests and saved rows are that
  // screen's.
  if (embedBridgeStarting === null) returnToLastScreen(win);
  const screen = firstScreenOf(win.location.hash);
  // The embedded view gets its key from the host page: nothing to ask for yet.
  const early = embedBridgeStarting === null ? sendFirstRequests(screen, fetchImpl) : null;
  // The connect screen (no key) needs no page's code.
  if (embedBridgeStarting !== null || early !== null) {
    loadPageCode(screen.pagePath, embedBridgeStarting !== null);
  }

  // The language is chosen before config.json is in (it may narrow the choice, rarely), so
  // its catalogs download alongside the app's code: those of the screens about to show.
  const locale = initialLocale();
  win.document.documentElement.lang = locale;
  // Its own small chunk: the connect screen's initial JavaScript has a budget (issue 20).
  import('../lib/i18n/warm-intl').then(
    ({ warmIntlFormatters }) => warmIntlFormatters(formatLocaleOf(locale)),
    () => undefined,
  );
  const paintedStatus = win.document.querySelector('#root [role="status"] span:last-child');
  if (paintedStatus) paintedStatus.textContent = startUpMessagesOf(locale).starting;
  const workspaceOpens = embedBridgeStarting !== null || early !== null;
  const catalogs = loadCatalogs(
    locale,
    firstScreenAreas({
      workspaceOpens,
      embedded: embedBridgeStarting !== null,
      pagePath: screen.pagePath,
    }),
  );
  catalogs.catch(() => undefined);

  const started: StartedEarly = { config, embedBridgeStarting, early, locale, workspaceOpens };
  loadApp().then(
    ({ startApp }) => startApp(started, rootOf(win), win.location.hash),
    () => showLoadFailed(win, locale),
  );
}

/** At the root address with a workspace open: its last screen, kept on the device or in the tab. */
function returnToLastScreen(win: Window): void {
  if (!/^#?\/?$/.test(win.location.hash)) return;
  const session = createAuthStore().getState().session;
  if (session === null) return;
  const memory = workspaceViewMemory(createViewMemory(), createAuthStore(), session.id);
  const screen = memory.readKept('where', LAST_SCREEN_KEY);
  if (typeof screen !== 'string' || !screen.startsWith('/') || screen.startsWith('/connect')) {
    return;
  }
  win.history.replaceState(win.history.state, '', `#${screen}`);
}

/** With a workspace open, the first screen's requests, sent with its key (null without one). */
function sendFirstRequests(
  screen: FirstScreen,
  fetchImpl: typeof fetch | undefined,
): EarlyResponses | null {
  // Read only: the app makes its own store, from the same storage, when its code is in.
  const authStore = createAuthStore();
  const session = authStore.getState().session;
  if (session === null) return null;
  const viewMemory = workspaceViewMemory(createViewMemory(), authStore, session.id);
  return startEarlyRequests(
    session.connection,
    firstRequestsOf(screen, viewMemory, 'send', readsTables(session.readableScopes)),
    ...(fetchImpl ? [fetchImpl] : []),
  );
}

/**
 * The layout's and the page's code for `pagePath`, fetched now rather than when the router
 * gets there (after config.json and the app's first render). A failure is left to the
 * route, which loads (and reports) it again.
 */
function fetchPageCode(pagePath: string, embedded: boolean): void {
  // The page's own code first: the largest file, and over HTTP/1.1's six connections the
  // requests sent first are the ones that start first.
  const chunks: Array<() => Promise<unknown>> = [];
  if (pagePath.startsWith('/tables/'))
    chunks.push(() => import('../features/records/records-page'));
  else if (/^\/skills\/[^/]+/.test(pagePath))
    chunks.push(() => import('../features/skills/skill-detail-page'));
  else if (pagePath === '/skills') chunks.push(() => import('../features/skills/skills-list-page'));
  else if (pagePath === '/') chunks.push(() => import('./routes/home-route'));
  chunks.push(
    embedded ? () => import('./layout/embed-layout') : () => import('./layout/app-layout'),
    () => import('./routes/require-connection'),
    () => import('./workspace-caches'),
    // The API client's code: not part of the connect screen's (src/lib/api/lazy-client.ts).
    () => import('../lib/api/client'),
  );
  for (const load of chunks) load().catch(() => undefined);
}
