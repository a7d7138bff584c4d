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
 * request the page does not use.
 */
export function startFirstScreenRequests(
  hash: string,
  queryClient: QueryClient,
  client: ApiClient,
  viewMemory: WorkspaceViewMemory | null = null,
  withSidebar = false,
): void {
  for (const request of firstRequestsOf(firstScreenOf(hash), viewMemory, 'cache', withSidebar)) {
    if (request.kind === 'tables') {
      void queryClient.prefetchInfiniteQuery(resourceQueries.tableList(client));
    } else if (request.kind === 'table') {
      void queryClient.prefetchQuery(tableQueries.detail(client, request.tableId));
    } else if (request.kind === 'records') {
      void queryClient.prefetchInfiniteQuery(
        recordQueries.list(client, request.tableId, request.query),
      );
    } else {
      void queryClient.prefetchQuery(skillQueries.detail(client, request.skillId));
    }
  }
}
