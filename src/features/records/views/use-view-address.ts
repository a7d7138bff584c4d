import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useViewMemory } from '../../../lib/view-memory/view-memory-context';
import { lastViewKeyOf } from './last-view';
import { type SharedLayout, sharedLayoutOf } from './your-views/your-views';

/**
 * The view's address (the URL's query): kept as the table's last view, returned to when the
 * person comes back (../records-page.tsx), and read for the columns, widths and name a
 * shared link carries (its sort and filters are the usual ones).
 */
export function useViewAddress(tableId: string): SharedLayout | null {
  const [searchParams] = useSearchParams();
  const searchText = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchText stands for searchParams
  const shared = useMemo(() => sharedLayoutOf(searchParams), [searchText]);
  const memory = useViewMemory();
  useEffect(() => {
    memory?.writeKept('where', lastViewKeyOf(tableId), searchText);
  }, [memory, tableId, searchText]);
  return shared;
}
