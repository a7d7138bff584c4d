import { useEffect } from 'react';
import { createHashRouter, type RouteObject, useSearchParams } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { safeReturnPath } from '../config/paths';
import { ConnectPage } from '../features/connect/connect-page';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import { EMBED_BASENAME } from '../features/embed/embed-mode';
import { loadClientCode } from '../lib/api/lazy-client';
import { type CatalogArea, EMBED_AREAS, WORKSPACE_AREAS } from '../lib/i18n/catalogs';
import { loadAreas } from '../lib/i18n/i18n';
import { useT } from '../lib/i18n/i18n-react';
import { whenIdle } from '../lib/when-idle';
import type { AppServices } from './app-services';
import { sendRequestsOnConnect, sentAtConnectFilled } from './connect-early-requests';
import { useAppServices } from './providers';
import { EmbedRoot } from './routes/embed-root';
import { RouteError } from './routes/route-error';

// Everything behind the key loads on first visit, so the connect screen ships without the
// shell, the grid, Markdown or TanStack Query (docs/decisions/026). The workspace routes,
// the layout and every page use the router's `lazy` (loaded in parallel with each other),
// so a navigation commits with the page ready instead of through a Suspense fallback:
// React holds a fallback for at least 300 ms, and a page's first request would only leave
// after it.
// The records page is the usual return target after Connect: the connect screen preloads it
// (and its messages) while idle.
const loadRecordsPage = () => import('../features/records/records-page');
const loadRequireConnection = () => import('./routes/require-connection');
const loadAppLayout = () => import('./layout/app-layout');
/**
 * How long the connect screen waits, after the key's check, for the next screen's first
 * replies to reach the cache: they left with the check, so they are usually in already.
 */
const FIRST_SCREEN_WAIT_MS = 250;

/** While a route's code loads; a component, so it speaks the language on screen. */
function RouteLoading() {
  const t = useT();
  return <LoadingIndicator label={t('common.loading')} />;
}

/**
 * The connect screen, and while it sits idle, the code of the page it will return to
 * (a table's records, and the workspace routes' own), so it is not another wait after
 * Connect.
 */
function ConnectRoute({ embedded }: { embedded: boolean }) {
  const [searchParams] = useSearchParams();
  const { loadWorkspaceCaches } = useAppServices();
  const returnsToTable = safeReturnPath(searchParams.get('next')).startsWith('/tables/');
  useEffect(() => {
    // Without a table to return to: the API client's code (and the workspace's shared code
    // it comes with), needed once Connect is pressed, fetched as the person starts using
    // the form, not before, so a visit that goes no further downloads only the connect
    // screen. With one: that table's page and the workspace's code too, as soon as the
    // screen is idle or the person starts on the form (a key pasted and Connect pressed at
    // once did not wait for an idle moment, and the first row waited for the code).
    const loads: Array<() => Promise<unknown>> = returnsToTable
      ? [
          loadRecordsPage,
          loadClientCode,
          // The embedded view's layout is its own (and small).
          ...(embedded ? [] : [loadAppLayout]),
          () => loadAreas(['records']),
          loadRequireConnection,
          loadWorkspaceCaches,
        ]
      : [loadClientCode];
    let started = false;
    const preload = () => {
      if (started) return;
      started = true;
      for (const load of loads) {
        load().catch(() => {
          // Offline or a redeploy: the route loads (and reports) it again when visited.
        });
      }
    };
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const event of events) window.addEventListener(event, preload, { once: true });
    const cancelIdle = returnsToTable ? whenIdle(preload) : () => {};
    return () => {
      for (const event of events) window.removeEventListener(event, preload);
      cancelIdle();
    };
  }, [returnsToTable, loadWorkspaceCaches, embedded]);
  return (
    <ConnectPage
      // The embedded view has no tables sidebar: nothing of it to ask for.
      onConnecting={(connection, path) => sendRequestsOnConnect(connection, path, !embedded)}
      onConnected={() => sentAtConnectFilled(FIRST_SCREEN_WAIT_MS)}
    />
  );
}

export interface AppRouteOptions {
  /** The embedded admin view: no header chrome, and the host page's messages are heard. */
  embedBridge?: EmbedBridge | null;
  /** The workspace routes wait for their caches' code (not part of the connect screen's). */
  services: Pick<AppServices, 'loadWorkspaceCaches'>;
}

/**
 * A page's route module with its own messages: the page's code and its catalog load in
 * parallel, and the page renders with both.
 */
function page<T>(
  area: CatalogArea | null,
  load: () => Promise<T>,
  pick: (module: T) => RouteObject['Component'],
) {
  return async () => {
    const [module] = await Promise.all([load(), area === null ? null : loadAreas([area])]);
    return { Component: pick(module) };
  };
}

export function createAppRoutes({ embedBridge = null, services }: AppRouteOptions): RouteObject[] {
  const workspaceAreas = embedBridge ? [...WORKSPACE_AREAS, ...EMBED_AREAS] : WORKSPACE_AREAS;
  const loadLayout = embedBridge
    ? async () => ({ Component: (await import('./layout/embed-layout')).EmbedLayout })
    : async () => ({ Component: (await loadAppLayout()).AppLayout });
  const routes: RouteObject[] = [
    {
      path: '/connect',
      element: <ConnectRoute embedded={embedBridge !== null} />,
      errorElement: <RouteError />,
    },
    {
      // With its caches' code (TanStack Query) and its screens' messages, loaded alongside
      // the layout's and the page's.
      lazy: async () => {
        const [{ RequireConnection }] = await Promise.all([
          loadRequireConnection(),
          services.loadWorkspaceCaches(),
          loadAreas(workspaceAreas),
        ]);
        return { Component: RequireConnection };
      },
      errorElement: <RouteError />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          lazy: loadLayout,
          children: [
            {
              errorElement: <RouteError />,
              children: [
                {
                  index: true,
                  lazy: page(
                    null,
                    () => import('./routes/home-route'),
                    (m) => m.HomeRoute,
                  ),
                },
                {
                  path: 'tables/:tableId/*',
                  lazy: page('records', loadRecordsPage, (m) => m.RecordsPage),
                },
                {
                  path: 'skills',
                  lazy: page(
                    'skills',
                    () => import('../features/skills/skills-list-page'),
                    (m) => m.SkillsListPage,
                  ),
                },
                {
                  path: 'skills/:skillId',
                  lazy: page(
                    'skills',
                    () => import('../features/skills/skill-detail-page'),
                    (m) => m.SkillDetailPage,
                  ),
                },
                {
                  path: 'tasks',
                  lazy: page(
                    'tasks',
                    () => import('../features/tasks/tasks-page'),
                    (m) => m.TasksPage,
                  ),
                },
                {
                  path: 'tasks/:taskId',
                  lazy: page(
                    'tasks',
                    () => import('../features/tasks/task-detail-page'),
                    (m) => m.TaskDetailPage,
                  ),
                },
                {
                  path: 'pages',
                  lazy: page(
                    'pages',
                    () => import('../features/pages/pages-page'),
                    (m) => m.PagesPage,
                  ),
                },
                {
                  path: 'pages/:pageId',
                  lazy: page(
                    'pages',
                    () => import('../features/pages/page-detail-page'),
                    (m) => m.PageDetailPage,
                  ),
                },
                {
                  path: 'projects',
                  lazy: page(
                    'projects',
                    () => import('../features/projects/projects-page'),
                    (m) => m.ProjectsPage,
                  ),
                },
                {
                  path: 'projects/:projectId',
                  lazy: page(
                    'projects',
                    () => import('../features/projects/project-detail-page'),
                    (m) => m.ProjectDetailPage,
                  ),
                },
                {
                  path: '*',
                  lazy: page(
                    null,
                    () => import('./routes/not-found-route'),
                    (m) => m.NotFoundRoute,
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  if (!embedBridge) return routes;
  return [
    {
      element: <EmbedRoot bridge={embedBridge} />,
      hydrateFallbackElement: <RouteLoading />,
      children: routes,
    },
  ];
}

/**
 * Hash routing: any static host, any sub-path, no rewrite rules (docs/decisions/002).
 * The embedded view lives under `#/embed` (docs/decisions/006): as the basename, every
 * link and redirect stays there, so in-page links never bring the chrome back.
 */
export function createAppRouter(options: AppRouteOptions) {
  return createHashRouter(
    createAppRoutes(options),
    options.embedBridge ? { basename: EMBED_BASENAME } : undefined,
  );
}
