import type { QueryCache, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { createAppQueryClient } from '../lib/query-client';

// Made with the workspaces' caches, not at start (./app-services.ts): the connect screen
// does without them.
export {
  createDeviceNames,
  forgetNamesWithTheirWorkspaces,
  workspaceDeviceNames,
} from '../lib/people/device-names';
export { createVisitMemory } from '../lib/visit-memory/visit-memory';
export {
  forgetVisitsWithTheirWorkspaces,
  workspaceVisitMemory,
} from '../lib/visit-memory/workspace-visit-memory';

/**
 * A records view's page trail lives as long as its cache entry (record-queries.ts). That
 * code is asked for when a workspace's cache is made (its pages share the chunk it is in).
 * Until it is in, the cache's removals are kept and then handed to its listener, so none is
 * missed however the two race. If it can't load, no records page can run either: no trail
 * exists, nothing is kept.
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
 * A workspace's QueryClient (./app-services.ts keeps one per workspace). In a module of its
 * own, loaded with the first workspace page: TanStack Query is not part of the connect
 * screen's JavaScript (docs/decisions/026).
 */
export function createWorkspaceQueryClient(options: {
  retry?: false;
  onUnauthorized: (message: string) => void;
}): QueryClient {
  const queryClient = createAppQueryClient({ onUnauthorized: options.onUnauthorized });
  forgetPageTrailsWithTheirQueriesOnceLoaded(queryClient.getQueryCache());
  if (options.retry === false) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  return queryClient;
}
