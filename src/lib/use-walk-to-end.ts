import { useEffect } from 'react';

/** What the walk reads of a TanStack infinite query (its result satisfies it as is). */
export interface WalkableList {
  data: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/**
 * Follows a list to its end, a page at a time, for screens that need all of it (the page
 * tree, a project's tables and pages, project names). It asks only while the query says
 * there is a next page, which the paging guard (./api/guarded-list.ts) answers, so a
 * service that loops ends the walk. It goes on after each page that arrives (the page
 * count is a dependency): a page that arrives within one render would otherwise leave
 * every other dependency as it was and the walk stalled. A failed page stops the walk
 * until fetchNextPage is called again (Retry).
 */
export function useWalkToEnd(list: WalkableList, enabled = true): void {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const pageCount = list.data?.pages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageCount re-runs the walk after each page (see above)
  useEffect(() => {
    if (!enabled || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    void fetchNextPage({ cancelRefetch: false });
  }, [enabled, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, pageCount]);
}
