import type { QueryClient } from '@tanstack/react-query';
import { type AuthStore, createAuthStore } from '../lib/auth/auth-store';
import { createAppQueryClient } from '../lib/query-client';

export interface AppServices {
  queryClient: QueryClient;
  authStore: AuthStore;
}

/**
 * The QueryClient and the auth store, wired both ways: signing out empties the cache
 * (another key must never see this key's data), and a 401 from any query signs out, which
 * sends the user to the connect screen with the reason and the URL they were on.
 */
export function createAppServices(options: { retry?: false } = {}): AppServices {
  const authStore = createAuthStore({ onSignOut: () => queryClient.clear() });
  const queryClient = createAppQueryClient({
    // Deferred: the cache is still notifying about the failed query when this runs.
    onUnauthorized: (message) => queueMicrotask(() => authStore.signOut(message)),
  });
  if (options.retry === false) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  return { queryClient, authStore };
}
