import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { RuntimeConfig } from '../config/runtime-config';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({ config }: { config: RuntimeConfig }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
