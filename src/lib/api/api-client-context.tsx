import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from './types';

const ApiClientContext = createContext<ApiClient | null>(null);

/** Provided by the app once a connection exists; tests provide a fake or a fixture-backed client. */
export function ApiClientProvider({
  client,
  children,
}: {
  client: ApiClient;
  children: ReactNode;
}) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient() needs an <ApiClientProvider> above it');
  return client;
}
