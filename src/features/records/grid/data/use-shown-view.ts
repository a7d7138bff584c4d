import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiClient } from '../../../../lib/api/api-client-context';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { RecordQuery } from '../../../../lib/api/types';
import { recordQueries } from '../../api/record-queries';
import { viewInputErrorOf } from '../refusals/view-errors';
import {
  addRefusal,
  refusalOf,
  refusalsFor,
  type ViewRefusal,
  withoutRefused,
} from '../refusals/view-refusals';
import { usePaintedPages } from './held-pages';
import { useRecordWindow } from './use-record-window';
import type { TableUrlState } from './use-table-url-state';

const NO_REFUSALS: readonly ViewRefusal[] = [];

function sameQuery(a: RecordQuery, b: RecordQuery): boolean {
  return (
    JSON.stringify(queryKeys.recordList('', a)) === JSON.stringify(queryKeys.recordList('', b))
  );
}

/**
 * The view whose rows are on screen. A filter or sort the service refuses is left out and
 * the rest asked for again (one refused part per answer, as the service names them), so a
 * link with one bad filter of three shows the other two; `refusals` names what was left
 * out. An error the grid can't leave out (a saved view's own part) keeps the last view
 * that loaded on screen, with the error shown. `reads` false (a board or a calendar shows,
 * reading its own requests): the grid's pages are not asked for.
 */
export function useShownView(
  tableId: string,
  query: RecordQuery,
  reads = true,
  /** The header's click (useTableUrlState's), which waits for the new order's first page. */
  toggleSort?: TableUrlState['toggleSort'],
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // Asked during render, before the description of the table is in: one round-trip less
  // before the first row (usePrefetchInfiniteQuery's rule, which can't be switched off).
  const first = recordQueries.list(client, tableId, query);
  if (reads && !queryClient.getQueryState(first.queryKey)) {
    queryClient.prefetchInfiniteQuery(first).catch(() => {});
  }
  const [refusalState, setRefusalState] = useState<{
    tableId: string;
    items: readonly ViewRefusal[];
    /** A refusal came while rows of an earlier view were up: those rows stayed. */
    keptEarlierRows: boolean;
  }>({ tableId, items: [], keptEarlierRows: false });
  const [lastGoodQuery, setLastGoodQuery] = useState<RecordQuery | null>(null);
  const known = refusalState.tableId === tableId ? refusalState.items : NO_REFUSALS;
  const refusals = refusalsFor(known, query);
  const refusalKey = JSON.stringify(refusals);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refusalKey stands for refusals
  const effectiveQuery = useMemo(() => withoutRefused(query, refusals), [query, refusalKey]);

  // The first page is asked for alongside the table's description, not after it: one
  // round-trip less before the first row. A missing table fails both; the table's 404 is shown.
  // While the grid paints, a page arriving renders nothing here (held-pages.ts).
  const paint = usePaintedPages();
  const current = useRecordWindow(tableId, effectiveQuery, reads, paint.hold);
  paint.settle(current.result.dataUpdatedAt);
  const reportedError = viewInputErrorOf(current.result.error);
  const newRefusal = refusalOf(reportedError, effectiveQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the refusal's content
  useEffect(() => {
    if (newRefusal === null) return;
    setRefusalState((state) => ({
      tableId,
      items: addRefusal(state.tableId === tableId ? state.items : [], newRefusal, query),
      keptEarlierRows: lastGoodQuery !== null,
    }));
  }, [JSON.stringify(newRefusal), tableId]);
  // While a refusal is being recorded the error is not the grid's to show.
  const inputError = newRefusal ? null : reportedError;

  useEffect(() => {
    if (
      current.result.isSuccess &&
      (lastGoodQuery === null || !sameQuery(lastGoodQuery, effectiveQuery))
    ) {
      setLastGoodQuery(effectiveQuery);
    }
  }, [current.result.isSuccess, effectiveQuery, lastGoodQuery]);
  const isFallback =
    (inputError !== null || newRefusal !== null) &&
    lastGoodQuery !== null &&
    !sameQuery(lastGoodQuery, effectiveQuery);
  // Most often the same query as `current`'s: quiet while it is held.
  const fallback = useRecordWindow(tableId, lastGoodQuery ?? effectiveQuery, false, paint.quiet);
  const firstPageOf = useCallback(
    (next: RecordQuery): Promise<unknown> | null => {
      if (!reads) return null;
      const options = recordQueries.list(
        client,
        tableId,
        withoutRefused(next, refusalsFor(known, next)),
      );
      if (queryClient.getQueryState(options.queryKey)?.data !== undefined) return null;
      return queryClient.prefetchInfiniteQuery(options);
    },
    [client, queryClient, tableId, reads, known],
  );
  const sortWhenReady = useCallback(
    (column: string) => toggleSort?.(column, firstPageOf),
    [toggleSort, firstPageOf],
  );
  return {
    current,
    shown: isFallback ? fallback : current,
    inputError,
    isFallback,
    refusals,
    /** Rows stayed from before the refusal (a typed value), rather than a link's good part. */
    keptEarlierRows: refusals.length > 0 && refusalState.keptEarlierRows,
    /** The view as asked of the service: the URL's, less its refused parts. */
    effectiveQuery,
    /** The grid's side of a page held while it paints (held-pages.ts). */
    paint,
    /**
     * Asks for the first page of the view `next` would show (its refused parts left out,
     * as here): a header click waits for it (useTableUrlState's toggleSort). Null when
     * there is nothing to wait for (the page is in memory, or the grid does not read).
     */
    firstPageOf,
    /** A header click: the new order shows once its first page is in (SORT_WAIT_MS at most). */
    toggleSort: sortWhenReady,
  };
}
