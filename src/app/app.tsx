import { startTransition, useLayoutEffect, useState } from 'react';
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
  // Whether the router has shown its first page (its lazy routes loaded): until then its
  // updates render as a transition, in slices; from then on at once. Told in a layout
  // effect, as the RouterProvider's own subscription is: no update falls between the two.
  const [firstPageIn, setFirstPageIn] = useState(false);
  useLayoutEffect(
    () =>
      router.subscribe(({ initialized }) => {
        // In the same transition as the page's render: the switch waits for it.
        if (initialized) startTransition(() => setFirstPageIn(true));
      }),
    [router],
  );
  return (
    <AppProviders config={config} services={services} {...(createClient ? { createClient } : {})}>
      {/* A page renders at once, not as a transition in slices: the slices' yields cost
          ~35 ms of Connect → first row at 2× CPU (decision 041), and a person who follows
          a link waits for that page anyway. A lazy page's code loads before it renders.
          The first page of a load is the exception (decision 063): mounted at once, the
          layout and a table's page were one task of ~170 ms on a mid-tier phone (2.5×),
          counted whole by Total Blocking Time, while nothing else is on screen to answer. */}
      <RouterProvider router={router} useTransitions={firstPageIn ? false : undefined} />
    </AppProviders>
  );
}
