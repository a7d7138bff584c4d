import { createContext, type ReactNode, useContext, useState } from 'react';
import { LazyUndoToast } from '../components/lazy-undo-toast';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import {
  type ApiClientFactory,
  ApiClientFactoryProvider,
} from '../lib/api/api-client-factory-context';
import { createLazyApiClient } from '../lib/api/lazy-client';
import { AuthStoreProvider } from '../lib/auth/auth-context';
import { type AppServices, createAppServices } from './app-services';

const defaultClientFactory: ApiClientFactory = (connection) => createLazyApiClient(connection);

const AppServicesContext = createContext<AppServices | null>(null);

/** The workspaces' caches, for the route that provides the open one's (require-connection.tsx). */
export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices() needs <AppProviders> above it');
  return services;
}

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
  const [appServices] = useState(() => services ?? createAppServices());
  return (
    <RuntimeConfigProvider config={config}>
      <AppServicesContext.Provider value={appServices}>
        <AuthStoreProvider store={appServices.authStore}>
          {/* No QueryClient here: each workspace's own is provided below RequireConnection,
              and the connect screen needs none (docs/decisions/026). */}
          <LazyUndoToast />
          <ApiClientFactoryProvider factory={createClient}>{children}</ApiClientFactoryProvider>
        </AuthStoreProvider>
      </AppServicesContext.Provider>
    </RuntimeConfigProvider>
  );
}
