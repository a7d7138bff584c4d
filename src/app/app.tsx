import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { RuntimeConfig } from '../config/runtime-config';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import { createAppServices } from './app-services';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({
  config,
  embedBridge = null,
}: {
  config: RuntimeConfig;
  /** Set for the embedded admin view (src/features/embed/start-embed-mode.ts). */
  embedBridge?: EmbedBridge | null;
}) {
  const [router] = useState(() => createAppRouter({ embedBridge }));
  const [services] = useState(() => createAppServices({ embedBridge }));
  return (
    <AppProviders config={config} services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
