import {
  hashKey,
  type InfiniteQueryObserverResult,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * What the records screen renders for once its view has rows: every part of the query's
 * result but those that only say a request is on its way. A next or previous page starting
 * rendered the whole records view (and redrew the grid's canvas) once more per page, on
 * the way to record 100,000 a long task each on a low-tier phone (issue 31); the status
 * line's "Loading more…" watches for it on its own (usePageFetching), and the window's own
 * paging guard reads the query's state instead. A refetch still renders (isRefetching);
 * staleness is read by nothing here.
 */
const RENDERED_WHILE_PAGING: Record<keyof InfiniteQueryObserverResult, boolean> = {
  data: true,
  dataUpdatedAt: true,
  error: true,
  errorUpdatedAt: true,
  errorUpdateCount: true,
  failureCount: true,
  failureReason: true,
  fetchNextPage: true,
  fetchPreviousPage: true,
  fetchStatus: false,
  hasNextPage: true,
  hasPreviousPage: true,
  isEnabled: true,
  isError: true,
  isFetchNextPageError: true,
  isFetchPreviousPageError: true,
  isFetched: true,
  isFetchedAfterMount: true,
  isFetching: false,
  isFetchingNextPage: false,
  isFetchingPreviousPage: false,
  isInitialLoading: true,
  isLoading: true,
  isLoadingError: true,
  isPaused: true,
  isPending: true,
  isPlaceholderData: true,
  isRefetchError: true,
  isRefetching: true,
  isStale: false,
  isSuccess: true,
  refetch: true,
  status: true,
};
type ResultProp = keyof InfiniteQueryObserverResult;
export const ALL_PROPS = Object.keys(RENDERED_WHILE_PAGING) as ResultProp[];
export const PROPS_WHILE_PAGING = ALL_PROPS.filter((prop) => RENDERED_WHILE_PAGING[prop]);
/**
 * While the grid paints (held-pages.ts): not a page's arrival either. The grid's canvas
 * is handed the page, and the view renders for it once the scrolling rests.
 */
const HELD: readonly ResultProp[] = ['data', 'dataUpdatedAt', 'hasNextPage', 'hasPreviousPage'];
export const PROPS_WHILE_HELD = PROPS_WHILE_PAGING.filter((prop) => !HELD.includes(prop));

/** A request for a view's page (or pages) is on its way: the paging guard's "one at a time". */
export function isQueryFetching(queryClient: QueryClient, queryHash: string): boolean {
  const state = queryClient.getQueryCache().get(queryHash)?.state;
  return state !== undefined && state.fetchStatus !== 'idle';
}

/**
 * Whether a next or previous page of the view is being fetched, for the status line's
 * "Loading more…": a subscription of its own, so the records view does not render for it.
 */
export function usePageFetching(queryKey: QueryKey | null): boolean {
  const queryClient = useQueryClient();
  const queryHash = queryKey === null ? null : hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === queryHash) onChange();
      }),
    [queryClient, queryHash],
  );
  return useSyncExternalStore(subscribe, () => {
    if (queryHash === null) return false;
    const state = queryClient.getQueryCache().get(queryHash)?.state;
    return state?.fetchStatus === 'fetching' && state.fetchMeta?.fetchMore !== undefined;
  });
}
