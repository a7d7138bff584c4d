import type { QueryClient } from '@tanstack/react-query';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import { forgetPageTrailsWithTheirQueries } from '../features/records/api/record-queries';
import { type AuthStore, createAuthStore } from '../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../lib/auth/memory-persistence';
import { createAppQueryClient } from '../lib/query-client';

export interface AppServices {
  queryClient: QueryClient;
  authStore: AuthStore;
}

/**
 * The QueryClient and the auth store, wired both ways: signing out empties the cache
 * (another key must never see this key's data), and a 401 from any query signs out, which
 * sends the user to the connect screen with the reason and the URL they were on.
 *
 * With an `embedBridge` (the embedded admin view, docs/decisions/006) the key is kept in
 * memory only, and a 401 is also announced to the host page as `key-rejected`.
 */
export function createAppServices(
  options: { retry?: false; embedBridge?: EmbedBridge | null } = {},
): AppServices {
  const embedBridge = options.embedBridge ?? null;
  const authStore = createAuthStore({
    onSignOut: () => queryClient.clear(),
    ...(embedBridge ? { persistence: memoryOnlyPersistence } : {}),
  });
  const queryClient = createAppQueryClient({
    // Deferred: the cache is still notifying about the failed query when this runs.
    onUnauthorized: (message) =>
      queueMicrotask(() => {
        // Several queries can fail together; the host hears about the key once.
        const wasConnected = authStore.getState().session !== null;
        authStore.signOut(message);
        if (wasConnected) embedBridge?.keyRejected(message);
      }),
  });
  forgetPageTrailsWithTheirQueries(queryClient.getQueryCache());
  if (options.retry === false) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  return { queryClient, authStore };
}
