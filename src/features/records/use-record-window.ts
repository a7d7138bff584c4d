import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type LoadedWindow,
  pageRequestFor,
  type VisibleRange,
} from '../../components/data-table/load-more';
import { useApiClient } from '../../lib/api/api-client-context';
import type { RecordQuery, RecordRow } from '../../lib/api/types';
import { type RecordPage, recordQueries } from './api/record-queries';

const NO_PAGES: readonly RecordPage[] = [];

export interface JumpProgress {
  loadedRows: number;
}

/**
 * The records of one view as a window over the whole list: the pages in memory, where
 * they sit among all rows seen, and the requests that move the window as the user scrolls.
 */
export function useRecordWindow(tableId: string, query: RecordQuery, enabled = true) {
  const client = useApiClient();
  const options = recordQueries.list(client, tableId, query);
  const result = useInfiniteQuery({ ...options, enabled });
  const trail = recordQueries.trail(tableId, query);
  const { fetchNextPage, fetchPreviousPage, hasNextPage, hasPreviousPage } = result;

  const pages = result.data?.pages ?? NO_PAGES;
  const rows = useMemo(() => pages.flatMap((page) => page.items), [pages]);
  const firstPageIndex = pages[0]?.index ?? 0;
  const firstRow = trail.rowsBefore(firstPageIndex);
  const endRow = firstRow + rows.length;
  const knownRowCount = Math.max(trail.knownRowCount(), endRow);
  const reachedEnd = trail.reachedEnd;

  const [jump, setJump] = useState<JumpProgress | null>(null);
  const stopJump = useRef(false);
  const isFetchingPage =
    result.isFetchingNextPage || result.isFetchingPreviousPage || jump !== null;

  const [range, setRange] = useState<VisibleRange | null>(null);
  const window: LoadedWindow = {
    firstRow,
    endRow,
    hasNextPage,
    hasPreviousPage,
    // After a failed page the user asks again (Retry): scrolling must not hammer the service.
    isFetching:
      isFetchingPage ||
      result.isFetchNextPageError ||
      result.isFetchPreviousPageError ||
      rows.length === 0,
  };
  const request = range ? pageRequestFor(range, window) : null;
  useEffect(() => {
    // cancelRefetch: false joins a request already in flight instead of replacing it.
    if (request === 'next') void fetchNextPage({ cancelRefetch: false });
    else if (request === 'previous') void fetchPreviousPage({ cancelRefetch: false });
  }, [request, fetchNextPage, fetchPreviousPage]);

  const rowAt = useCallback(
    (rowIndex: number): RecordRow | undefined =>
      rowIndex >= firstRow && rowIndex < endRow ? rows[rowIndex - firstRow] : undefined,
    [rows, firstRow, endRow],
  );

  /** Follows `nextCursor` until the list ends; resolves with the last row's index, or null if stopped. */
  const jumpToEnd = useCallback(async (): Promise<number | null> => {
    stopJump.current = false;
    setJump({ loadedRows: trail.knownRowCount() });
    try {
      let current = { hasNextPage, isError: false };
      while (current.hasNextPage && !current.isError && !stopJump.current) {
        const next = await fetchNextPage({ cancelRefetch: false });
        current = { hasNextPage: next.hasNextPage, isError: next.isFetchNextPageError };
        setJump({ loadedRows: trail.knownRowCount() });
      }
      if (current.isError || stopJump.current) return null;
      return trail.knownRowCount() - 1;
    } finally {
      // Forget the range seen before the jump: it would pull the window back to the top.
      setRange(null);
      setJump(null);
    }
  }, [fetchNextPage, hasNextPage, trail]);

  const stopJumping = useCallback(() => {
    stopJump.current = true;
  }, []);

  return {
    result,
    rows,
    rowAt,
    firstRow,
    endRow,
    knownRowCount,
    reachedEnd,
    onVisibleRangeChange: setRange,
    jumpToEnd,
    stopJumping,
    jump,
  };
}
