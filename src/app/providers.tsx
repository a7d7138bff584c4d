import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import {
  type ApiClientFactory,
  ApiClientFactoryProvider,
} from '../lib/api/api-client-factory-context';
import { createApiClient } from '../lib/api/client';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { type AppServices, createAppServices } from './app-services';

const defaultClientFactory: ApiClientFactory = (connection) => createApiClient(connection);

export function AppProviders({
  config,
  services,
  createClient = defaultClientFactory,
  children,
}: {
  config: RuntimeConfig;
  /** Tests pass their own (e.g. `createAppServices({ retry: false })`). */
  services?: AppServices;
  createClient?: ApiClientFactory;
  children: ReactNode;
}) {
  const [{ queryClient, authStore }] = useState(() => services ?? createAppServices());
  return (
    <RuntimeConfigProvider config={config}>
      <AuthStoreProvider store={authStore}>
        <QueryClientProvider client={queryClient}>
          <ApiClientFactoryProvider factory={createClient}>{children}</ApiClientFactoryProvider>
        </QueryClientProvider>
      </AuthStoreProvider>
    </RuntimeConfigProvider>
  );
}
