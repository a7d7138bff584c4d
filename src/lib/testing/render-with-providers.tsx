import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiClientProvider } from '../api/api-client-context';
import type { ApiClient } from '../api/types';
import { createFakeApiClient } from './fake-api-client';

/** What the shared STYLE asks of tests: a fresh cache, no retries, nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
}

/**
 * Renders `ui` as the element of `routePath` (e.g. '/tables/:tableId') at `initialPath`
 * (e.g. '/tables/t1?sort=Name:asc'), inside a fresh QueryClient and the given ApiClient.
 * Returns the router too, so a test can read `router.state.location`.
 */
export function renderWithProviders(
  ui: ReactNode,
  {
    client = createFakeApiClient(),
    routePath = '/',
    initialPath = routePath,
    queryClient = createTestQueryClient(),
  }: {
    client?: ApiClient;
    routePath?: string;
    initialPath?: string;
    queryClient?: QueryClient;
  } = {},
) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initialPath] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <RouterProvider router={router} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
