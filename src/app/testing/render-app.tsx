import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../config/runtime-config';
import type { EmbedBridge } from '../../features/embed/embed-bridge';
import { EMBED_BASENAME } from '../../features/embed/embed-mode';
import type { ApiClientFactory } from '../../lib/api/api-client-factory-context';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { type AppServices, createAppServices } from '../app-services';
import { AppProviders } from '../providers';
import { createAppRoutes } from '../router';

/**
 * The whole app (routes, guards, layout) in a memory router at `initialPath`, with
 * retries off. Whatever is in sessionStorage/localStorage at call time is the session.
 * With `embedBridge`, the embedded view: `initialPath` is then under `/embed`.
 */
export function renderApp({
  initialPath = '/',
  config = DEFAULT_RUNTIME_CONFIG,
  createClient = () => createFakeApiClient(),
  embedBridge = null,
  services = createAppServices({ retry: false, embedBridge }),
}: {
  initialPath?: string;
  config?: RuntimeConfig;
  createClient?: ApiClientFactory;
  embedBridge?: EmbedBridge | null;
  /** Made beforehand, as start-app.tsx does, e.g. to start requests before the first render. */
  services?: AppServices;
} = {}) {
  const router = createMemoryRouter(createAppRoutes({ embedBridge, services }), {
    initialEntries: [initialPath],
    ...(embedBridge ? { basename: EMBED_BASENAME } : {}),
  });
  const result = render(
    <AppProviders config={config} services={services} createClient={createClient}>
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>,
  );
  /** The current in-app URL, e.g. '/skills?q=a' (with `/embed` in front in the embedded view). */
  const currentPath = () => router.state.location.pathname + router.state.location.search;
  return { ...result, router, services, currentPath };
}
