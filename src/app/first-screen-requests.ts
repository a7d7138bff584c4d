import type { QueryClient } from '@tanstack/react-query';
import { recordQueries, tableQueries } from '../features/records/api/record-queries';
import { skillQueries } from '../features/skills/api/skill-queries';
import { resourceQueries } from '../lib/api/resource-queries';
import type { ApiClient } from '../lib/api/types';
import type { WorkspaceViewMemory } from '../lib/view-memory/workspace-view-memory';
import { firstRequestsOf, firstScreenOf } from './first-screen-plan';

/**
 * The requests the page at `hash` makes first (a table's description and first page of
 * records, a skill), started into the workspace's cache before React has rendered
 * anything: the page finds them in flight or answered, under the same query keys, and asks
 * nothing twice. With a client made on the start-up script's early replies
 * (src/lib/api/early-responses.ts), these take the replies already on their way.
 * A hash this does not recognise, or reads differently from the page, costs at most a
 * request the page does not use. Resolves once every one has settled.
 */
export function startFirstScreenRequests(
  hash: string,
  queryClient: QueryClient,
  client: ApiClient,
  viewMemory: WorkspaceViewMemory | null = null,
  withSidebar = false,
): Promise<void> {
  const requests = firstRequestsOf(firstScreenOf(hash), viewMemory, 'cache', withSidebar);
  const settled = requests.map((request) => {
    if (request.kind === 'tables') {
      return queryClient.prefetchInfiniteQuery(resourceQueries.tableList(client));
    }
    if (request.kind === 'table') {
      return queryClient.prefetchQuery(tableQueries.detail(client, request.tableId));
    }
    if (request.kind === 'records') {
      return queryClient.prefetchInfiniteQuery(
        recordQueries.list(client, request.tableId, request.query),
      );
    }
    return queryClient.prefetchQuery(skillQueries.detail(client, request.skillId));
  });
  // Prefetches never reject: a failed one leaves its error in the cache for the page.
  return Promise.all(settled).then(() => undefined);
}
