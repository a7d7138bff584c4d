import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/api/query-keys';

/** Long enough for the grid's first records request to have started. */
const START_DELAY_MS = 300;

/**
 * True once the table's records have stopped loading, a moment after mounting, and from
 * then on: finding the tables that link here costs a request per table, which must not
 * queue ahead of the grid's first page (a browser opens six connections to a host).
 */
export function useAfterGridLoads(tableId: string): boolean {
  const fetching = useIsFetching({ queryKey: queryKeys.records(tableId) });
  const [waited, setWaited] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), START_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (waited && fetching === 0) setReady(true);
  }, [waited, fetching]);
  return ready;
}
