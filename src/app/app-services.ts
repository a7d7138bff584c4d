import type { QueryCache, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import type { EmbedBridge } from '../features/embed/embed-bridge';
import { type AuthStore, createAuthStore } from '../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../lib/auth/memory-persistence';
import { createAppQueryClient } from '../lib/query-client';
import { createViewMemory, type ViewMemory } from '../lib/view-memory/view-memory';
import {
  forgetViewsWithTheirWorkspaces,
  type WorkspaceViewMemory,
  workspaceViewMemory,
} from '../lib/view-memory/workspace-view-memory';

export interface AppServices {
  authStore: AuthStore;
  /**
   * One QueryClient per workspace (docs/decisions/016), made on first use: switching
   * workspaces keeps each one's cached data apart and ready, and forgetting one drops its
   * cache whole. Query keys need not name the workspace.
   */
  queryClientFor(workspaceId: string): QueryClient;
  /** The open workspace's cache, or the connect screen's (empty) one. */
  readonly queryClient: QueryClient;
  /** For what renders with no workspace open (the connect screen). */
  readonly idleQueryClient: QueryClient;
  /** Ids of the workspaces with a cache right now (for tests). */
  cachedWorkspaceIds(): string[];
  /** Empties and drops every workspace's cache. */
  clearCaches(): void;
  /**
   * Where a workspace's grid keeps its place and (remembered workspaces only) its last
   * rows across page loads (docs/decisions/017); null in the embedded view, which keeps
   * nothing in web storage.
   */
  viewMemoryFor(workspaceId: string): WorkspaceViewMemory | null;
}

/**
 * A records view's page trail lives as long as its cache entry (record-queries.ts). That
 * code is not part of the connect screen's bundle: it is asked for when a workspace's cache
 * is made (its pages share the chunk it is in). Until it is in, the cache's removals are
 * kept and then handed to its listener, so none is missed however the two race. If it
 * can't load, no records page can run either: no trail exists, nothing is kept.
 */
function forgetPageTrailsWithTheirQueriesOnceLoaded(queryCache: QueryCache): void {
  const missed: QueryCacheNotifyEvent[] = [];
  let relay: ((event: QueryCacheNotifyEvent) => void) | null = null;
  const stop = queryCache.subscribe((event) => {
    if (relay) relay(event);
    else if (event.type === 'removed') missed.push(event);
  });
  const relayedCache: Pick<QueryCache, 'subscribe'> = {
    subscribe(listener) {
      relay = listener;
      for (const event of missed.splice(0)) listener(event);
      return () => {
        relay = null;
      };
    },
  };
  import('../features/records/api/record-queries').then(
    (records) => records.forgetPageTrailsWithTheirQueries(relayedCache as QueryCache),
    () => {
      stop();
      missed.length = 0;
    },
  );
}

/**
 * The auth store and the workspaces' QueryClients, wired both ways: forgetting a workspace
 * (or signing out) empties its cache (another key must never see this key's data), and a
 * 401 from any query forgets that workspace's key, which sends the user to the connect
 * screen with the reason and the URL they were on.
 *
 * With an `embedBridge` (the embedded admin view, docs/decisions/006) the key is kept in
 * memory only, and a 401 is also announced to the host page as `key-rejected`.
 */
export function createAppServices(
  options: { retry?: false; embedBridge?: EmbedBridge | null } = {},
): AppServices {
  const embedBridge = options.embedBridge ?? null;
  const caches = new Map<string, QueryClient>();
  const dropCache = (workspaceId: string) => {
    caches.get(workspaceId)?.clear();
    caches.delete(workspaceId);
  };
  const clearCaches = () => {
    for (const workspaceId of [...caches.keys()]) dropCache(workspaceId);
  };
  const viewMemory: ViewMemory | null = embedBridge ? null : createViewMemory();
  const authStore = createAuthStore({
    onSignOut: () => {
      clearCaches();
      viewMemory?.clear();
    },
    onForget: dropCache,
    ...(embedBridge ? { persistence: memoryOnlyPersistence } : {}),
  });
  // Forgetting a workspace, or no longer remembering it, drops what was kept of its views.
  if (viewMemory) forgetViewsWithTheirWorkspaces(viewMemory, authStore);

  function newQueryClient(workspaceId: string | null): QueryClient {
    const queryClient = createAppQueryClient({
      // Deferred: the cache is still notifying about the failed query when this runs.
      onUnauthorized: (message) =>
        queueMicrotask(() => {
          if (workspaceId === null) return;
          // Several queries can fail together; the key is dropped, and the host told, once.
          const known = authStore.getState().workspaces.some((w) => w.id === workspaceId);
          if (!known) return;
          authStore.keyRejected(message, workspaceId);
          embedBridge?.keyRejected(message);
        }),
    });
    // The connect screen's cache never holds a records view.
    if (workspaceId !== null)
      forgetPageTrailsWithTheirQueriesOnceLoaded(queryClient.getQueryCache());
    if (options.retry === false) {
      queryClient.setDefaultOptions({
        ...queryClient.getDefaultOptions(),
        queries: { ...queryClient.getDefaultOptions().queries, retry: false },
      });
    }
    return queryClient;
  }
  const idleQueryClient = newQueryClient(null);

  const queryClientFor = (workspaceId: string) => {
    let queryClient = caches.get(workspaceId);
    if (!queryClient) {
      queryClient = newQueryClient(workspaceId);
      caches.set(workspaceId, queryClient);
    }
    return queryClient;
  };

  return {
    authStore,
    queryClientFor,
    get queryClient() {
      const open = authStore.getState().session;
      return open ? queryClientFor(open.id) : idleQueryClient;
    },
    idleQueryClient,
    cachedWorkspaceIds: () => [...caches.keys()],
    clearCaches,
    viewMemoryFor: (workspaceId) =>
      viewMemory ? workspaceViewMemory(viewMemory, authStore, workspaceId) : null,
  };
}
