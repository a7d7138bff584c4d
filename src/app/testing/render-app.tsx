import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../config/runtime-config';
import type { ApiClientFactory } from '../../lib/api/api-client-factory-context';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { createAppServices } from '../app-services';
import { AppProviders } from '../providers';
import { createAppRoutes } from '../router';

/**
 * The whole app (routes, guards, layout) in a memory router at `initialPath`, with
 * retries off. Whatever is in sessionStorage/localStorage at call time is the session.
 */
export function renderApp({
  initialPath = '/',
  config = DEFAULT_RUNTIME_CONFIG,
  createClient = () => createFakeApiClient(),
}: {
  initialPath?: string;
  config?: RuntimeConfig;
  createClient?: ApiClientFactory;
} = {}) {
  const services = createAppServices({ retry: false });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [initialPath] });
  const result = render(
    <AppProviders config={config} services={services} createClient={createClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The current in-app URL, e.g. '/skills?q=a'. */
  const currentPath = () => router.state.location.pathname + router.state.location.search;
  return { ...result, router, services, currentPath };
}
