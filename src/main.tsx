import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { type AppServices, createAppServices } from './app/app-services';
import { ErrorPanel } from './components/error-panel';
import { LoadingIndicator } from './components/loading-indicator';
import { loadRuntimeConfig, RuntimeConfigError } from './config/runtime-config';
import { startEmbedModeIfAsked } from './features/embed/start-embed-mode';
import type { ApiClientFactory } from './lib/api/api-client-factory-context';
import { createApiClient } from './lib/api/client';
import type { ApiClient, Connection } from './lib/api/types';
import { startFollowingTheme } from './lib/theme';
import './index.css';

// Before the first paint, so a dark-mode user never sees a white flash.
startFollowingTheme();
// Before anything async: the embedded view must hear a host that posts as soon as it loads.
// Its bridge's code loads alongside config.json, and only in the embedded view.
const embedBridgeStarting = startEmbedModeIfAsked();

/**
 * Outside the embedded view, the workspace caches and the auth store are made now rather
 * than on first render, so the open workspace's first requests can start at once
 * (startFirstScreen). The embedded view makes them when its bridge is in (App).
 */
const services: AppServices | null = embedBridgeStarting === null ? createAppServices() : null;
const firstClient = startFirstScreen(window.location.hash, services);

/**
 * With a workspace open (a stored key), fetches the code of the page the URL opens and
 * starts its first requests now, alongside config.json, instead of when the router gets
 * to them (after config.json, the layout and the page's code): on a slow connection each
 * of those steps is a round trip before the page's own request could start. The client
 * made for those requests is the one the app then uses for that connection (one client
 * per connection: it remembers which skills path answered). Without a key the connect
 * screen comes first, and it needs none of this. The embedded view gets its key from the
 * host page, so only its code is fetched early.
 */
function startFirstScreen(
  hash: string,
  appServices: AppServices | null,
): { connection: Connection; client: ApiClient } | null {
  const session = appServices?.authStore.getState().session ?? null;
  if (appServices !== null && session === null) return null;

  let first: { connection: Connection; client: ApiClient } | null = null;
  if (appServices !== null && session !== null) {
    const client = createApiClient(session.connection);
    const queryClient = appServices.queryClientFor(session.id);
    // First: its code is small and the requests it starts are what the page waits for most.
    import('./app/first-screen-requests').then(
      (requests) =>
        requests.startFirstScreenRequests(
          hash,
          queryClient,
          client,
          appServices.viewMemoryFor(session.id),
        ),
      () => {
        // Offline or a redeploy: the page makes its own requests when it renders.
      },
    );
    first = { connection: session.connection, client };
  }

  const path =
    hash
      .replace(/^#/, '')
      .replace(/^\/embed(?=\/|$)/, '')
      .split('?')[0] || '/';
  const chunks: Array<() => Promise<unknown>> = [
    appServices === null
      ? () => import('./app/layout/embed-layout')
      : () => import('./app/layout/app-layout'),
  ];
  if (path.startsWith('/tables/')) chunks.push(() => import('./features/records/records-page'));
  else if (/^\/skills\/[^/]+/.test(path))
    chunks.push(() => import('./features/skills/skill-detail-page'));
  else if (path === '/skills') chunks.push(() => import('./features/skills/skills-list-page'));
  else if (path === '/') chunks.push(() => import('./app/routes/home-route'));
  for (const load of chunks) {
    load().catch(() => {
      // The route loads (and reports) it again when it gets there.
    });
  }
  return first;
}

/** The real client, reusing the one startFirstScreen made for its connection. */
const createClient: ApiClientFactory = (connection) =>
  firstClient !== null &&
  firstClient.connection.serviceUrl === connection.serviceUrl &&
  firstClient.connection.apiKey === connection.apiKey &&
  firstClient.connection.skillsPath === connection.skillsPath
    ? firstClient.client
    : createApiClient(connection);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
root.render(<LoadingIndicator label="Starting…" />);

Promise.all([
  loadRuntimeConfig().catch((error: unknown) => {
    const message =
      error instanceof RuntimeConfigError ? error.message : 'config.json could not be loaded.';
    // Its code loads only when needed: a working deployment never shows it.
    import('./app/config-error-page').then(
      ({ ConfigErrorPage }) => root.render(<ConfigErrorPage message={message} />),
      () => root.render(<p role="alert">{message}</p>),
    );
    return null;
  }),
  embedBridgeStarting?.catch((error: unknown) => {
    // Offline or a redeploy: without its bridge the embedded view can't take a key.
    root.render(
      <div className="p-4">
        <ErrorPanel
          error={error}
          title="The embedded view could not load"
          onRetry={() => window.location.reload()}
        />
      </div>,
    );
    return undefined;
  }) ?? null,
]).then(([config, embedBridge]) => {
  if (config === null || embedBridge === undefined) return;
  document.title = config.title;
  root.render(
    <StrictMode>
      <App
        config={config}
        embedBridge={embedBridge}
        services={services ?? undefined}
        createClient={createClient}
      />
    </StrictMode>,
  );
});
