import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/api/query-keys';

/** Long enough for the grid's first records request to have started. */
const START_DELAY_MS = 300;

/**
 * True once the table's records have stopped loading, a moment after mounting, and from
 * then on: finding the tables that link here costs a request per table, which must not
 * queue ahead of the grid's first page (a browser opens six connections to a host).
 *
 * It listens to the query cache only until then. `useIsFetching` listened for the life of
 * the page, and every cache event (each linked record's name looked up or dropped as rows
 * scroll by) matched every query in the cache against the key: 74 ms of TanStack Query's
 * `partialMatchKey` in a CPU profile of 10 s of the wheel on Orders at 2× CPU, none after.
 */
export function useAfterGridLoads(tableId: string): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const records = { queryKey: queryKeys.records(tableId) };
    let stopListening: (() => void) | null = null;
    const loaded = () => {
      if (queryClient.isFetching(records) > 0) return false;
      stopListening?.();
      stopListening = null;
      setReady(true);
      return true;
    };
    const timer = setTimeout(() => {
      if (!loaded()) stopListening = queryClient.getQueryCache().subscribe(loaded);
    }, START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stopListening?.();
    };
  }, [queryClient, tableId, ready]);
  return ready;
}
