import {
  hashKey,
  type InfiniteData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  type LoadedWindow,
  pageRequestFor,
  type VisibleRange,
} from '../../../../components/data-table/load-more';
import { useApiClient } from '../../../../lib/api/api-client-context';
import { isApiError } from '../../../../lib/api/errors';
import { isPagingError } from '../../../../lib/api/paging-guard';
import type { RecordQuery } from '../../../../lib/api/types';
import { walkPages } from '../../../../lib/api/walk-pages';
import {
  fetchRecordPage,
  MAX_PAGES_IN_MEMORY,
  PAGE_SIZE,
  type RecordPage,
  type RecordPageParam,
  recordQueries,
} from '../../api/record-queries';
import { type DrawnWindow, type PageHold, useHeldPages } from './held-pages';
import { ALL_PROPS, isQueryFetching, PROPS_WHILE_HELD, PROPS_WHILE_PAGING } from './page-fetching';

const NO_PAGES: readonly RecordPage[] = [];
/** Lets a scrollbar drag settle before fetching the page it stopped on. */
const SEEK_DELAY_MS = 150;
/** How often Jump to end updates its progress on screen. */
const JUMP_PROGRESS_EVERY_MS = 250;
export interface JumpProgress {
  loadedRows: number;
  /** The failure a page of the jump is waiting out before it is asked for again. */
  retrying: unknown;
}

/** A page that failed outside TanStack's own fetches: a seek far up or down, or a jump. */
export interface WindowFailure {
  error: unknown;
  retry: () => void;
}

/**
 * The records of one view as a window over the whole list: the pages in memory, where
 * they sit among all rows seen, and the requests that move the window as the user scrolls.
 */
export function useRecordWindow(
  tableId: string,
  query: RecordQuery,
  enabled = true,
  /** While it holds (the grid paints), a page arriving renders nothing (held-pages.ts). */
  hold?: PageHold,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const options = recordQueries.list(client, tableId, query);
  const hasDataRef = useRef(false);
  const holdRef = useRef(hold);
  holdRef.current = hold;
  const result = useInfiniteQuery({
    ...options,
    enabled,
    // Read when the query changes: before the first rows every change renders, as before.
    notifyOnChangeProps: () =>
      !hasDataRef.current
        ? ALL_PROPS
        : holdRef.current?.holds()
          ? PROPS_WHILE_HELD
          : PROPS_WHILE_PAGING,
  });
  hasDataRef.current = result.data !== undefined;
  const queryHash = hashKey(options.queryKey);
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
  const jumpController = useRef<AbortController | null>(null);
  const [failure, setFailure] = useState<WindowFailure | null>(null);
  const [seekAttempt, setSeekAttempt] = useState(0);
  const [seeking, setSeeking] = useState(false);
  const seekController = useRef<AbortController | null>(null);
  const isFetchingPage =
    result.isFetchingNextPage || result.isFetchingPreviousPage || jump !== null || seeking;

  // The rows in view change on every scroll frame. A next or previous page is asked for
  // from the range report itself, in a task of its own after the frame, not through a
  // render of the whole records view to find it: that was two renders a page (one to ask,
  // one as the request made the ask void), and asking inside the frame's task made the
  // frame longer by the request's own work. Only a seek renders: it waits for a scrollbar
  // drag to settle (issue 13: scroll jank; issue 31: what a page costs).
  const rangeRef = useRef<VisibleRange | null>(null);
  const [, setSeekKey] = useState<string | null>(null);
  const seekKeyRef = useRef<string | null>(null);
  // What holds the paging beside a request on its way (which a held page reads anew): a
  // jump, a seek; after a failed page the user asks again (Retry): scrolling must not
  // hammer the service.
  const busy =
    jump !== null ||
    seeking ||
    result.isFetchNextPageError ||
    result.isFetchPreviousPageError ||
    failure !== null;
  const window: LoadedWindow = {
    firstRow,
    endRow,
    hasNextPage,
    hasPreviousPage,
    isFetching:
      isFetchingPage ||
      busy ||
      // Not rendered for (RENDERED_WHILE_PAGING): read from the query itself.
      isQueryFetching(queryClient, queryHash) ||
      rows.length === 0,
  };
  const drawn: DrawnWindow = {
    window,
    dataUpdatedAt: result.dataUpdatedAt,
    rendered: result.dataUpdatedAt,
    busy,
  };
  // A page held while the grid paints moves `window` on without a render (held-pages.ts).
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  const fetchRef = useRef({ fetchNextPage, fetchPreviousPage });
  fetchRef.current = { fetchNextPage, fetchPreviousPage };
  const range = rangeRef.current;
  const request = range ? pageRequestFor(range, window) : null;
  const seekRow = request === 'seek' ? (range?.startIndex ?? null) : null;
  const queryKey = options.queryKey;
  const queryKeyRef = useRef(queryKey);
  queryKeyRef.current = queryKey;
  const askTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const askForPage = useCallback(() => {
    askTimer.current = null;
    const drawn = drawnRef.current;
    const wanted = rangeRef.current ? pageRequestFor(rangeRef.current, drawn.window) : null;
    if (wanted !== 'next' && wanted !== 'previous') return;
    // The window as last drawn must still be the query's: a page that arrived (or a
    // request that started) since is drawn next, and that render asks again if need be.
    const state = queryClient.getQueryState(queryKeyRef.current);
    if (state?.fetchStatus !== 'idle' || state.dataUpdatedAt !== drawn.dataUpdatedAt) return;
    // cancelRefetch: false joins a request already in flight instead of replacing it.
    if (wanted === 'next') void fetchRef.current.fetchNextPage({ cancelRefetch: false });
    else void fetchRef.current.fetchPreviousPage({ cancelRefetch: false });
  }, [queryClient]);
  const queryHashRef = useRef(queryHash);
  queryHashRef.current = queryHash;
  const setRange = useCallback(
    (next: VisibleRange | null) => {
      rangeRef.current = next;
      let wanted = next ? pageRequestFor(next, drawnRef.current.window) : null;
      // A request that started since the last render (which renders nothing) holds the rest.
      if (wanted !== null && isQueryFetching(queryClient, queryHashRef.current)) wanted = null;
      const seekKey = wanted === 'seek' ? `seek:${next?.startIndex}` : null;
      // Not set when unchanged: React may render the whole view to find an equal state
      // unchanged, and this runs after every scroll frame.
      if (seekKey !== seekKeyRef.current) {
        seekKeyRef.current = seekKey;
        setSeekKey(seekKey);
      }
      if ((wanted === 'next' || wanted === 'previous') && askTimer.current === null) {
        askTimer.current = setTimeout(askForPage, 0);
      }
    },
    [askForPage, queryClient],
  );
  useEffect(
    () => () => {
      if (askTimer.current !== null) clearTimeout(askTimer.current);
    },
    [],
  );
  const [, renderHeld] = useReducer((renders: number) => renders + 1, 0);
  useHeldPages({
    hold,
    queryClient,
    queryHash,
    trail,
    params: options,
    drawn: drawnRef,
    // As the render's effect below does for a page that arrived: the next, if called for.
    askAgain: () => setRange(rangeRef.current),
    // The rest: one render for what was held, in a transition (as the DOM rows are drawn).
    render: () => startTransition(renderHeld),
  });
  useEffect(() => {
    // A page arrived (or a failure cleared) while the rows in view already called for the next.
    if (request === 'next') void fetchNextPage({ cancelRefetch: false });
    else if (request === 'previous') void fetchPreviousPage({ cancelRefetch: false });
  }, [request, fetchNextPage, fetchPreviousPage]);

  // Far from the window: fetch the page holding the rows in view from its remembered
  // cursor and make it the whole window, instead of walking there a page at a time.
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
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // Said at the top of the grid with Retry; the rows stay placeholders until then.
          setFailure({
            error,
            retry: () => {
              setFailure(null);
              setSeekAttempt((attempt) => attempt + 1);
            },
          });
        })
        .finally(() => {
          if (seekController.current === controller) setSeeking(false);
        });
    }, SEEK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [seekRow, seekAttempt, trail, client, tableId, queryClient]);
  useEffect(() => () => seekController.current?.abort(), []);

  /**
   * Walks from the last page seen to the end of the view (./walk-pages.ts: retries,
   * pacing, and a stop on a loop or a repeated record), keeping the last pages as the
   * window. Resolves with the last row's index, or null if stopped or failed.
   */
  const jumpToEnd = useCallback(async (): Promise<number | null> => {
    const start = trail.nextPage();
    if (start === null) return trail.reachedEnd ? trail.knownRowCount() - 1 : null;
    jumpController.current?.abort();
    const controller = new AbortController();
    jumpController.current = controller;
    setFailure(null);
    setJump({ loadedRows: trail.knownRowCount(), retrying: null });
    const loaded: InfiniteData<RecordPage, RecordPageParam> | undefined =
      queryClient.getQueryData(queryKey);
    const window: { page: RecordPage; param: RecordPageParam }[] = (loaded?.pages ?? []).map(
      (page, i) => ({ page, param: loaded?.pageParams[i] ?? { index: page.index, cursor: null } }),
    );
    let reachedEndRow: number | null = null;
    let progressShownAt = performance.now();
    try {
      await walkPages({
        fetchPage: ({ cursor, limit, signal }) =>
          client.listRecords(tableId, query, { cursor, limit, signal }),
        idOf: (row) => row.id,
        pageSize: PAGE_SIZE,
        start,
        guard: trail.guard,
        signal: controller.signal,
        onPage: (page) => {
          trail.record(page.index, page.items.length, page.nextCursor);
          window.push({
            page: { index: page.index, items: page.items, nextCursor: page.nextCursor },
            param: { index: page.index, cursor: page.cursor },
          });
          if (window.length > MAX_PAGES_IN_MEMORY) window.shift();
        },
        onProgress: ({ retrying }) => {
          // Each update re-renders the view: a few per second say enough (2,000 pages for a
          // million records would otherwise be 2,000 renders). A retry is said at once.
          const now = performance.now();
          if (retrying === null && now - progressShownAt < JUMP_PROGRESS_EVERY_MS) return;
          progressShownAt = now;
          setJump({ loadedRows: trail.knownRowCount(), retrying: retrying?.error ?? null });
        },
      });
      reachedEndRow = trail.knownRowCount() - 1;
    } catch (error) {
      if (isPagingError(error)) {
        const last = window.at(-1);
        const looped = error.problem.kind === 'repeated_cursor' && last !== undefined;
        trail.stop(error.problem, looped ? (last?.page.items.length ?? 0) : null);
        if (last) last.page = { ...last.page, nextCursor: null, problem: error.problem };
      } else if (!(isApiError(error) && error.kind === 'aborted')) {
        setFailure({
          error,
          retry: () => {
            setFailure(null);
            void jumpToEndRef.current();
          },
        });
      }
    } finally {
      if (jumpController.current === controller) jumpController.current = null;
      if (window.length > 0) {
        queryClient.setQueryData<InfiniteData<RecordPage, RecordPageParam>>(queryKey, {
          pages: window.map((entry) => entry.page),
          pageParams: window.map((entry) => entry.param),
        });
      }
      // Forget the range seen before the jump: it would pull the window back to the top.
      setRange(null);
      setJump(null);
    }
    return reachedEndRow;
  }, [client, tableId, query, queryKey, trail, queryClient, setRange]);
  const jumpToEndRef = useRef(jumpToEnd);
  jumpToEndRef.current = jumpToEnd;
  useEffect(() => () => jumpController.current?.abort(), []);

  const stopJumping = useCallback(() => {
    jumpController.current?.abort();
  }, []);

  return {
    result,
    /** The view's query key: usePageFetching(queryKey) says a page is on its way. */
    queryKey,
    rows,
    firstRow,
    endRow,
    knownRowCount,
    reachedEnd,
    onVisibleRangeChange: setRange,
    jumpToEnd,
    stopJumping,
    jump,
    /** A seek or jump that failed after its retries, with what to do about it. */
    failure,
    /** Set when the service's paging contradicted itself and the view ends early. */
    pagingProblem: trail.problem,
  };
}
