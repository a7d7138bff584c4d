import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/api/query-keys';
import type { Page, TaskSummary } from '../../lib/api/types';

/** A tasks query's data that is a paged list (the board's columns, the list), not one task. */
export function isTaskPages(value: unknown): value is InfiniteData<Page<TaskSummary>> {
  return typeof value === 'object' && value !== null && 'pages' in value;
}

/**
 * Calls `onChange` when a tasks query is added, updated or removed, for a
 * `useSyncExternalStore` over what the tasks screens have loaded. Only those events: the
 * cache also reports, synchronously, observers of other queries mounting while a child
 * component renders (a project link's lookup), and reacting to those would update the
 * listening component during another's render.
 */
export function subscribeToTaskQueries(queryClient: QueryClient, onChange: () => void) {
  return queryClient.getQueryCache().subscribe((event) => {
    if (
      (event.type === 'updated' || event.type === 'added' || event.type === 'removed') &&
      event.query.queryKey[1] === queryKeys.tasks()[1]
    ) {
      onChange();
    }
  });
}
