import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type LoadedWindow,
  pageRequestFor,
  type VisibleRange,
} from '../../../components/data-table/load-more';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isApiError } from '../../../lib/api/errors';
import type { RecordQuery } from '../../../lib/api/types';
import {
  fetchRecordPage,
  type RecordPage,
  type RecordPageParam,
  recordQueries,
} from '../api/record-queries';

const NO_PAGES: readonly RecordPage[] = [];
/** Lets a scrollbar drag settle before fetching the page it stopped on. */
const SEEK_DELAY_MS = 150;
/** Wait before continuing a jump the service rate-limited without saying for how long. */
const DEFAULT_RETRY_AFTER_S = 2;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface JumpProgress {
  loadedRows: number;
}

/**
 * The records of one view as a window over the whole list: the pages in memory, where
 * they sit among all rows seen, and the requests that move the window as the user scrolls.
 */
export function useRecordWindow(tableId: string, query: RecordQuery, enabled = true) {
  const client = useApiClient();
  const queryClient = useQueryClient();
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
  const [seeking, setSeeking] = useState(false);
  const seekController = useRef<AbortController | null>(null);
  const isFetchingPage =
    result.isFetchingNextPage || result.isFetchingPreviousPage || jump !== null || seeking;

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
  const seekRow = request === 'seek' ? (range?.startIndex ?? null) : null;
  useEffect(() => {
    // cancelRefetch: false joins a request already in flight instead of replacing it.
    if (request === 'next') void fetchNextPage({ cancelRefetch: false });
    else if (request === 'previous') void fetchPreviousPage({ cancelRefetch: false });
  }, [request, fetchNextPage, fetchPreviousPage]);

  // Far from the window: fetch the page holding the rows in view from its remembered
  // cursor and make it the whole window, instead of walking there a page at a time.
  const queryKey = options.queryKey;
  // query and queryKey are fixed for this view: its key changes with them, and so does the trail.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (seekRow === null) return;
    const pageIndex = trail.pageOfRow(seekRow);
    const cursor = pageIndex === null ? undefined : trail.cursorOf(pageIndex);
    if (pageIndex === null || cursor === undefined) return;
    const timer = setTimeout(() => {
      // Setting `seeking` re-runs this effect; the request must outlive that, so it is
      // aborted only by the next seek or by leaving the page.
      seekController.current?.abort();
      const controller = new AbortController();
      seekController.current = controller;
      setSeeking(true);
      const param: RecordPageParam = { index: pageIndex, cursor };
      fetchRecordPage(client, tableId, query, param, controller.signal)
        .then((page) => {
          if (controller.signal.aborted) return;
          queryClient.setQueryData<InfiniteData<RecordPage, RecordPageParam>>(queryKey, {
            pages: [page],
            pageParams: [param],
          });
        })
        .catch(() => {
          // The rows stay placeholders; scrolling again asks once more.
        })
        .finally(() => {
          if (seekController.current === controller) setSeeking(false);
        });
    }, SEEK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [seekRow, trail, client, tableId, queryClient]);
  useEffect(() => () => seekController.current?.abort(), []);

  /** Follows `nextCursor` until the list ends; resolves with the last row's index, or null if stopped. */
  const jumpToEnd = useCallback(async (): Promise<number | null> => {
    stopJump.current = false;
    setJump({ loadedRows: trail.knownRowCount() });
    try {
      let current = { hasNextPage, isError: false };
      while (current.hasNextPage && !current.isError && !stopJump.current) {
        const next = await fetchNextPage({ cancelRefetch: false });
        const error = next.isFetchNextPageError ? next.error : null;
        if (isApiError(error) && error.status === 429) {
          // Rate-limited mid-way: wait as told, then carry on from the same cursor.
          await wait((error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S) * 1000);
          current = { hasNextPage: true, isError: false };
          continue;
        }
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
