import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { RuntimeConfig } from '../config/runtime-config';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import type { ApiClientFactory } from '../lib/api/api-client-factory-context';
import { type AppServices, createAppServices } from './app-services';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({
  config,
  embedBridge = null,
  services: givenServices,
  createClient,
}: {
  config: RuntimeConfig;
  /** Set for the embedded admin view (src/features/embed/start-embed-mode.ts). */
  embedBridge?: EmbedBridge | null;
  /** Made before the first render (start-app.tsx), so the first requests go into its caches. */
  services?: AppServices;
  createClient?: ApiClientFactory;
}) {
  const [services] = useState(() => givenServices ?? createAppServices({ embedBridge }));
  const [router] = useState(() => createAppRouter({ embedBridge, services }));
  return (
    <AppProviders config={config} services={services} {...(createClient ? { createClient } : {})}>
      {/* A page renders at once, not as a transition in slices: the slices' yields cost
          ~35 ms of Connect → first row at 2× CPU (decision 041), and a person who follows
          a link waits for that page anyway. A lazy page's code loads before it renders. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  );
}
