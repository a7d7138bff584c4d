import { createContext, type ReactNode, useContext } from 'react';
import { createLazyApiClient } from './lazy-client';
import type { ApiClient, Connection } from './types';

export type ApiClientFactory = (connection: Connection) => ApiClient;

const ApiClientFactoryContext = createContext<ApiClientFactory>((connection) =>
  createLazyApiClient(connection),
);

/**
 * How the app turns a connection into a client: the real one by default; tests provide
 * a fixture-backed factory so the connect screen and the shell run without a network.
 */
export function ApiClientFactoryProvider({
  factory,
  children,
}: {
  factory: ApiClientFactory;
  children: ReactNode;
}) {
  return (
    <ApiClientFactoryContext.Provider value={factory}>{children}</ApiClientFactoryContext.Provider>
  );
}

export function useApiClientFactory(): ApiClientFactory {
  return useContext(ApiClientFactoryContext);
}
