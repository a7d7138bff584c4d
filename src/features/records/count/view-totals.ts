import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordQuery } from '../../../lib/api/types';
import type { ColumnSummary } from '../summaries/column-stats';

/** What a walk over a whole view learned: its exact size and every column's summary. */
export interface ViewTotals {
  total: number;
  summaries: ReadonlyMap<string, ColumnSummary>;
  /** Epoch ms. */
  countedAt: number;
}

/** A count is trusted this long, or until the view's records are invalidated (CONTRACT has no change feed). */
export const VIEW_TOTALS_FRESH_MS = 5 * 60_000;

/**
 * The cache entry of a view's totals. Only a walk writes it (`setQueryData`); it is never
 * fetched, so a refetch of the records family can't start a million-record walk.
 */
export function viewTotalsQuery(queryClient: QueryClient, tableId: string, query: RecordQuery) {
  const queryKey = queryKeys.recordCount(tableId, query);
  return queryOptions({
    queryKey,
    queryFn: (): ViewTotals | null => queryClient.getQueryData<ViewTotals | null>(queryKey) ?? null,
    enabled: false,
    staleTime: VIEW_TOTALS_FRESH_MS,
    gcTime: VIEW_TOTALS_FRESH_MS,
  });
}

export function saveViewTotals(
  queryClient: QueryClient,
  tableId: string,
  query: RecordQuery,
  totals: ViewTotals,
): void {
  queryClient.setQueryData(queryKeys.recordCount(tableId, query), totals, {
    updatedAt: totals.countedAt,
  });
}
