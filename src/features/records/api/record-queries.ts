// Room api/ (no screen): reading a table's records from the service. Owns the records'
// query options and page memory (here), the page trail (page-trail.ts), reading a view
// from its end (reverse-order.ts, tail-reader.ts) and the page sizes.
// May import lib/ only: every other records room builds on it.
import {
  hashKey,
  type InfiniteData,
  infiniteQueryOptions,
  type QueryCache,
  queryOptions,
} from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/errors';
import {
  MAX_EMPTY_PAGES_IN_A_ROW,
  PagingError,
  type PagingProblem,
} from '../../../lib/api/paging-guard';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, RecordQuery, RecordRow } from '../../../lib/api/types';
import { FIRST_PAGE_SIZE, PAGE_SIZE } from './page-sizes';
import { PageTrail } from './page-trail';

export { FIRST_PAGE_SIZE, PAGE_SIZE } from './page-sizes';

/** Pages kept in memory: at most 100 + 7 × 500 = 3,600 records however far the user scrolls. */
export const MAX_PAGES_IN_MEMORY = 8;

export interface RecordPageParam {
  index: number;
  cursor: string | null;
}

export interface RecordPage {
  /** Position of this page in the whole list (0 = first page). */
  index: number;
  items: RecordRow[];
  nextCursor: string | null;
  /** Set on the last page of a view whose paging the service broke: nothing follows it. */
  problem?: PagingProblem;
}

// One trail per view; a handful of views is all a session revisits, so old trails are dropped.
const MAX_TRAILS = 24;
const trails = new Map<string, PageTrail>();

/**
 * The key of the last view asked for, by its query object: the grid asks for its trail on
 * every range change of a scroll (keep-place's note), and hashing the query each time, then
 * a new string for the Map to hash again, was ~5 % of a wheel's script.
 */
let lastAsked: { tableId: string; query: RecordQuery; key: string } | null = null;

function trailKeyOf(tableId: string, query: RecordQuery): string {
  if (lastAsked !== null && lastAsked.tableId === tableId && lastAsked.query === query)
    return lastAsked.key;
  const key = hashKey(queryKeys.recordList(tableId, query));
  lastAsked = { tableId, query, key };
  return key;
}

function trailFor(tableId: string, query: RecordQuery): PageTrail {
  const key = trailKeyOf(tableId, query);
  let trail = trails.get(key);
  if (trail) {
    trails.delete(key);
  } else {
    trail = new PageTrail();
    if (trails.size >= MAX_TRAILS) {
      const oldest = trails.keys().next().value;
      if (oldest !== undefined) trails.delete(oldest);
    }
  }
  trails.set(key, trail);
  return trail;
}

/**
 * Fetches one page of a view, checks it against every page seen before (a repeated
 * cursor or record id ends the view there, see PageTrail.stop), and notes its cursor and
 * size in the view's trail.
 */
export async function fetchRecordPage(
  client: ApiClient,
  tableId: string,
  query: RecordQuery,
  pageParam: RecordPageParam,
  signal?: AbortSignal,
): Promise<RecordPage> {
  const page = await client.listRecords(tableId, query, {
    cursor: pageParam.cursor,
    limit: pageParam.index === 0 ? FIRST_PAGE_SIZE : PAGE_SIZE,
    signal,
  });
  const trail = trailFor(tableId, query);
  const { index } = pageParam;
  let problem = trail.guard.admit(
    index,
    pageParam.cursor,
    page.items.map((item) => item.id),
    page.nextCursor,
  );
  if (problem === null && page.items.length === 0 && page.nextCursor !== null) {
    // The lists' third rule (decision 032): a run of empty pages that still point further
    // is a service going nowhere; the grid stops there as every other list does.
    let emptyBefore = 0;
    while (emptyBefore < index && trail.rowCountOf(index - 1 - emptyBefore) === 0) emptyBefore += 1;
    if (emptyBefore >= MAX_EMPTY_PAGES_IN_A_ROW) {
      problem = { kind: 'no_progress', pageIndex: index, recordId: null };
    }
  }
  if (problem !== null) {
    // A page seen before now contradicts the others: show the failure, keep the view.
    if (index < trail.frontier) throw new PagingError(problem);
    const items = problem.kind === 'repeated_cursor' ? page.items : [];
    trail.stop(problem, items.length);
    return { index, items, nextCursor: null, problem };
  }
  trail.record(index, page.items.length, page.nextCursor);
  return { index, items: page.items, nextCursor: page.nextCursor };
}

/** Rows kept on the device from an earlier page load, shown until the view's first reply. */
export interface SavedView {
  data: InfiniteData<RecordPage, RecordPageParam>;
  savedAt: number;
}
const savedViews = new Map<string, SavedView>();

/**
 * Rows of this view saved on an earlier page load ("Remember on this device"): the list
 * query shows them as placeholder data, marked, until its own first page arrives. Lives
 * as long as the view's trail (dropped with its cache entry).
 */
export function setSavedView(tableId: string, query: RecordQuery, saved: SavedView): void {
  savedViews.set(hashKey(queryKeys.recordList(tableId, query)), saved);
}

export function savedViewOf(tableId: string, query: RecordQuery): SavedView | null {
  return savedViews.get(hashKey(queryKeys.recordList(tableId, query))) ?? null;
}

/** Forget every remembered page (tests). */
export function forgetPageTrails(): void {
  trails.clear();
  savedViews.clear();
}

/**
 * A trail lives as long as its view's cache entry: when the QueryClient drops the entry
 * (sign-out clears the cache; garbage collection of an unused view), the cursors go with
 * it. Returns the unsubscribe function.
 */
export function forgetPageTrailsWithTheirQueries(queryCache: QueryCache): () => void {
  return queryCache.subscribe((event) => {
    if (event.type === 'removed') {
      trails.delete(event.query.queryHash);
      savedViews.delete(event.query.queryHash);
    }
  });
}

export const tableQueries = {
  detail: (client: ApiClient, tableId: string) =>
    queryOptions({
      queryKey: queryKeys.table(tableId),
      queryFn: ({ signal }) => client.getTable(tableId, { signal }),
      staleTime: 60_000,
    }),
};

export const recordQueries = {
  /** The page trail of a view: cursors and row counts of every page seen, in or out of memory. */
  trail: trailFor,

  list: (client: ApiClient, tableId: string, query: RecordQuery) => {
    const trail = trailFor(tableId, query);
    const saved = savedViewOf(tableId, query);
    return infiniteQueryOptions({
      queryKey: queryKeys.recordList(tableId, query),
      queryFn: async ({ pageParam, signal }) => {
        try {
          return await fetchRecordPage(client, tableId, query, pageParam, signal);
        } catch (error) {
          // A kept place whose cursor the service no longer takes (a server whose data or
          // secret was reset): start over at the top instead of retrying it for ever.
          const resume = trail.resumePoint;
          if (
            resume !== null &&
            pageParam.index === resume.index &&
            pageParam.cursor === resume.cursor &&
            isApiError(error) &&
            error.status === 400 &&
            error.reason === 'invalid_cursor'
          ) {
            trail.restart();
            return fetchRecordPage(client, tableId, query, { index: 0, cursor: null }, signal);
          }
          throw error;
        }
      },
      // A view restored from an earlier page load (keep-place.ts) starts at the user's page.
      initialPageParam: (trail.resumePoint ?? { index: 0, cursor: null }) as RecordPageParam,
      ...(saved ? { placeholderData: saved.data } : {}),
      getNextPageParam: (lastPage): RecordPageParam | undefined =>
        lastPage.nextCursor === null
          ? undefined
          : { index: lastPage.index + 1, cursor: lastPage.nextCursor },
      // Scrolling back above the window re-fetches an earlier page from the cursor remembered for it.
      getPreviousPageParam: (firstPage): RecordPageParam | undefined => {
        if (firstPage.index === 0) return undefined;
        const cursor = trail.cursorOf(firstPage.index - 1);
        return cursor === undefined ? undefined : { index: firstPage.index - 1, cursor };
      },
      maxPages: MAX_PAGES_IN_MEMORY,
      // Pages are new objects on every fetch: structural sharing deep-compared up to
      // 3,600 records against the window before it on each page, to keep nothing.
      structuralSharing: false,
      staleTime: 30_000,
      // Refetching up to eight pages because the window regained focus costs more than it shows.
      refetchOnWindowFocus: false,
    });
  },
};
