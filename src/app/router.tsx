import { lazy, type ReactNode, Suspense } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { LoadingIndicator } from '../components/loading-indicator';
import { ConnectPage } from '../features/connect/connect-page';
import { RequireConnection } from './routes/require-connection';
import { RouteError } from './routes/route-error';

// Everything behind the key loads on first visit, so the connect screen ships without the
// shell, the grid or Markdown. The layout and home use the router's `lazy` (loaded in
// parallel with each other); pages use React.lazy below the already-loaded layout.
const RecordsPage = lazy(() =>
  import('../features/records/records-page').then((module) => ({ default: module.RecordsPage })),
);
const SkillsListPage = lazy(() =>
  import('../features/skills/skills-list-page').then((module) => ({
    default: module.SkillsListPage,
  })),
);
const SkillDetailPage = lazy(() =>
  import('../features/skills/skill-detail-page').then((module) => ({
    default: module.SkillDetailPage,
  })),
);

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingIndicator label="Loading…" />}>{children}</Suspense>;
}

export function createAppRoutes(): RouteObject[] {
  return [
    { path: '/connect', element: <ConnectPage />, errorElement: <RouteError /> },
    {
      element: <RequireConnection />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingIndicator label="Loading…" />,
      children: [
        {
          lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
          children: [
            {
              errorElement: <RouteError />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/home-route')).HomeRoute,
                  }),
                },
                {
                  path: 'tables/:tableId',
                  element: (
                    <Lazy>
                      <RecordsPage />
                    </Lazy>
                  ),
                },
                {
                  path: 'skills',
                  element: (
                    <Lazy>
                      <SkillsListPage />
                    </Lazy>
                  ),
                },
                {
                  path: 'skills/:skillId',
                  element: (
                    <Lazy>
                      <SkillDetailPage />
                    </Lazy>
                  ),
                },
                {
                  path: '*',
                  lazy: async () => ({
                    Component: (await import('./routes/not-found-route')).NotFoundRoute,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** Hash routing: any static host, any sub-path, no rewrite rules (docs/decisions/002). */
export function createAppRouter() {
  return createHashRouter(createAppRoutes());
}
