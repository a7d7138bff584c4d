import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyErrorPanel } from '../components/lazy-error-panel';
import { LoadingIndicator } from '../components/loading-indicator';
import { type RuntimeConfig, RuntimeConfigError } from '../config/runtime-config';
import type { ApiClientFactory } from '../lib/api/api-client-factory-context';
import type { EarlyResponses } from '../lib/api/early-responses';
import { createLazyApiClient } from '../lib/api/lazy-client';
import type { ApiClient, Connection } from '../lib/api/types';
import { sameConnection, type Workspace } from '../lib/auth/connection-storage';
import { firstScreenAreas } from '../lib/i18n/catalogs';
import { readyCatalogs } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/i18n-react';
import { type AppLocale, initialLocale, PSEUDO_LOCALE } from '../lib/i18n/locales';
import { App } from './app';
import { type AppServices, createAppServices } from './app-services';
import { forgetSentAtConnect, sentAtConnectFor } from './connect-early-requests';
import { firstScreenOf, readsTables } from './first-screen-plan';
import { type StartedEarly, showLoadFailed } from './start-up-handoff';
import { startUpMessagesOf } from './start-up-messages';

/** Offline or a redeploy: without its bridge the embedded view can't take a key. */
function EmbedLoadFailed({ error }: { error: unknown }) {
  const t = useT();
  return (
    <div className="p-4">
      <LazyErrorPanel
        error={error}
        title={t('embed.loadFailed')}
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}

/** The language config.json allows: the one chosen at start-up, unless the deployment excludes it. */
function localeAllowedBy(config: RuntimeConfig, chosen: AppLocale): AppLocale {
  if (chosen === PSEUDO_LOCALE || (config.locales as readonly string[]).includes(chosen)) {
    return chosen;
  }
  return initialLocale(config.locales);
}

/**
 * Renders the app. Outside the embedded view, the workspace caches and the auth store are
 * made now rather than on first render, so the open workspace's first requests go into its
 * cache at once (startFirstScreen). The embedded view makes them when its bridge is in (App).
 */
export function startApp(
  { config, embedBridgeStarting, early, locale, workspaceOpens }: StartedEarly,
  rootElement: HTMLElement,
  hash: string = window.location.hash,
): void {
  const services: AppServices | null = embedBridgeStarting === null ? createAppServices() : null;
  const firstClient = startFirstScreen(hash, services, early);

  /**
   * The real client, reusing the one startFirstScreen made for its connection, or taking
   * the replies sent when Connect was pressed for it (connect-early-requests.ts).
   */
  const createClient: ApiClientFactory = (connection) => {
    if (
      firstClient !== null &&
      firstClient.connection.serviceUrl === connection.serviceUrl &&
      firstClient.connection.apiKey === connection.apiKey &&
      firstClient.connection.skillsPath === connection.skillsPath
    )
      return firstClient.client;
    const sentAtConnect = sentAtConnectFor(connection);
    if (sentAtConnect === null) return createLazyApiClient(connection);
    const client = createLazyApiClient(connection, { fetch: sentAtConnect.fetch });
    // The workspace's own client (not the key check's, made before the workspace is): its
    // cache gets the screen's first requests now, answered by the replies already in, so
    // the page's first render has its rows rather than a skeleton a frame before them.
    const session = services?.authStore.getState().session ?? null;
    if (services !== null && session !== null && sameConnection(session.connection, connection)) {
      forgetSentAtConnect(fillFirstScreen(sentAtConnect.hash, services, session, client));
    }
    return client;
  };

  const root = createRoot(rootElement);
  root.render(<LoadingIndicator label={startUpMessagesOf(locale).starting} />);

  // The catalogs follow config.json, which may narrow the languages; usually they are the
  // ones the start-up script already fetched.
  const catalogsReady = config
    .catch(() => null)
    .then((loaded) =>
      readyCatalogs(
        loaded === null ? locale : localeAllowedBy(loaded, locale),
        firstScreenAreas({
          workspaceOpens,
          embedded: embedBridgeStarting !== null,
          pagePath: firstScreenOf(hash).pagePath,
        }),
      ),
    )
    .then(
      () => true,
      () => {
        showLoadFailed(window, locale);
        return false;
      },
    );

  Promise.all([
    catalogsReady,
    config.catch((error: unknown) => {
      // What is wrong with the file, for whoever deployed it (English, like its docs).
      const message = error instanceof RuntimeConfigError ? error.message : null;
      // Its code loads only when needed: a working deployment never shows it. Its words
      // wait for the catalogs (without them, the start-up script's message is up).
      Promise.all([catalogsReady, import('./config-error-page')]).then(
        ([catalogsLoaded, { ConfigErrorPage }]) => {
          if (catalogsLoaded) root.render(<ConfigErrorPage message={message} />);
        },
        () => showLoadFailed(window, locale),
      );
      return null;
    }),
    embedBridgeStarting?.catch((error: unknown) => {
      void catalogsReady.then((catalogsLoaded) => {
        if (catalogsLoaded) root.render(<EmbedLoadFailed error={error} />);
      });
      return undefined;
    }) ?? null,
  ]).then(([catalogsLoaded, loadedConfig, embedBridge]) => {
    if (!catalogsLoaded || loadedConfig === null || embedBridge === undefined) return;
    document.title = loadedConfig.title;
    // A transition: React renders the app in slices of a few milliseconds, yielding between
    // them, instead of in one task (~80 ms of a 4x slowed load, counted whole by Total
    // Blocking Time); "Starting…" stays up until the app commits (docs/decisions/041).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App
            config={loadedConfig}
            embedBridge={embedBridge}
            services={services ?? undefined}
            createClient={createClient}
          />
        </StrictMode>,
      );
    });
  });
}

/**
 * With a workspace open (a stored key), makes its API client and puts the page's first
 * requests into its cache now, instead of when the router gets to them (after config.json,
 * the layout and the page's code). The client takes the replies the start-up script asked
 * for with the same connection, and is the one the app then uses for that connection (one
 * client per connection: it remembers which skills path answered).
 */
function startFirstScreen(
  hash: string,
  appServices: AppServices | null,
  early: EarlyResponses | null,
): { connection: Connection; client: ApiClient } | null {
  const session = appServices?.authStore.getState().session ?? null;
  if (appServices === null || session === null) return null;
  const client =
    early !== null && sameConnection(early.connection, session.connection)
      ? createLazyApiClient(session.connection, { fetch: early.fetch })
      : createLazyApiClient(session.connection);
  void fillFirstScreen(hash, appServices, session, client);
  return { connection: session.connection, client };
}

/** Puts the first requests of the screen at `hash` into `workspace`'s cache. */
function fillFirstScreen(
  hash: string,
  appServices: AppServices,
  workspace: Workspace,
  client: ApiClient,
): Promise<void> {
  // Their code is small (the start-up script began loading it), and with the replies sent
  // early they only fill the cache.
  return Promise.all([import('./first-screen-requests'), appServices.loadWorkspaceCaches()]).then(
    ([requests]) =>
      requests.startFirstScreenRequests(
        hash,
        appServices.queryClientFor(workspace.id),
        client,
        appServices.viewMemoryFor(workspace.id),
        readsTables(workspace.readableScopes),
      ),
    () => {
      // Offline or a redeploy: the page makes its own requests when it renders.
    },
  );
}
