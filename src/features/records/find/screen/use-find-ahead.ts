import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { RecordQuery } from '../../../../lib/api/types';

/**
 * The find made ready while the page is idle after each of the view's pages arrives
 * (decision 061's addendum on the first key): the find's code and worker, and each page
 * handed to the worker once, so the first key of a find waits for none of them. Not before
 * the grid's first rows, and nothing where the browser has no idle callback.
 */
export function useFindAhead(tableId: string, query: RecordQuery, prepare: () => void): void {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKeys.recordList(tableId, query));
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return;
    let idle: number | null = null;
    const soon = () => {
      idle ??= requestIdleCallback(
        () => {
          idle = null;
          prepare();
        },
        { timeout: 2_000 },
      );
    };
    const cache = queryClient.getQueryCache();
    if (cache.get(hash)?.state.data !== undefined) soon();
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash === hash) soon();
    });
    return () => {
      unsubscribe();
      if (idle !== null) cancelIdleCallback(idle);
    };
  }, [queryClient, hash, prepare]);
}
