import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApiClient } from '../api/api-client-context';
import { checkedListOf, checkListPages } from '../api/guarded-list';
import type { PagingProblem } from '../api/paging-guard';
import { queryKeys } from '../api/query-keys';
import type { ApiClient, Page, RecordQuery, RecordRow } from '../api/types';

/** Records per page when reading what changed. */
export const CHANGES_PAGE_SIZE = 100;
/**
 * The first page is small: it is asked while the table's own first page loads, and most
 * visits find a few changes at most. A first page of 100 was 10 KB that a phone's
 * connection carried before the records a person opened the table for.
 */
export const CHANGES_FIRST_PAGE_SIZE = 20;
/** Pages a table reads on its own to count what changed; more only when asked. */
export const CHANGES_AUTO_PAGES = 3;

const NEWEST_FIRST: RecordQuery = {
  sort: { column: 'updated_at', direction: 'desc' },
  filters: {},
};

function timeOf(value: string | null): number {
  return value === null ? Number.NaN : Date.parse(value);
}

/** Updated after `since` (a record without a readable updated_at never counts as changed). */
export function isChangedSince(record: { updatedAt: string | null }, since: number): boolean {
  return timeOf(record.updatedAt) > since;
}

/**
 * The items updated after `since`, newest first: for lists the API cannot sort by
 * updated_at (pages, tasks), so what changed is found among the items already loaded.
 */
export function changedSince<Item extends { updatedAt: string | null }>(
  items: readonly Item[],
  since: number,
): Item[] {
  return items
    .filter((item) => isChangedSince(item, since))
    .sort((a, b) => timeOf(b.updatedAt) - timeOf(a.updatedAt));
}

/** Created after `since`: new rather than changed. */
export function isNewSince(record: { createdAt: string | null }, since: number): boolean {
  return timeOf(record.createdAt) > since;
}

export const recordChangeQueries = {
  /**
   * The table's records newest first (`sort=updated_at:desc`), read a page at a time and
   * never past the first page holding a record older than `since`: what changed is at the
   * top, so the table is never read whole. Guarded like every list (guarded-list.ts).
   */
  since: (client: ApiClient, tableId: string, since: number) =>
    infiniteQueryOptions({
      queryKey: queryKeys.recordChanges(tableId, since),
      queryFn: ({ pageParam, signal }) =>
        client.listRecords(tableId, NEWEST_FIRST, {
          cursor: pageParam,
          limit: pageParam === null ? CHANGES_FIRST_PAGE_SIZE : CHANGES_PAGE_SIZE,
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (
        lastPage: Page<RecordRow>,
        allPages: Page<RecordRow>[],
        _lastParam,
        allPageParams,
      ) =>
        lastPage.items.some((record) => !isChangedSince(record, since))
          ? null
          : checkListPages(allPages, allPageParams).nextCursor,
    }),
  /** When the table's most recently updated record was updated: one record asked for. */
  newest: (client: ApiClient, tableId: string) =>
    queryOptions({
      queryKey: queryKeys.newestRecord(tableId),
      queryFn: async ({ signal }) => {
        const page = await client.listRecords(tableId, NEWEST_FIRST, { limit: 1, signal });
        return page.items[0]?.updatedAt ?? null;
      },
    }),
};

export interface RecordChanges {
  /** The records updated after the last visit, newest first (each once). */
  records: RecordRow[];
  /** True once the reading reached a record older than the last visit (or the table's end). */
  complete: boolean;
  /** Why the service's paging ended the reading early, or null. */
  problem: PagingProblem | null;
  isLoading: boolean;
  error: Error | null;
  isReadingMore: boolean;
  /** Reads CHANGES_AUTO_PAGES more pages (when the person asks to see further). */
  readMore(): void;
  retry(): void;
}

/**
 * What changed in a table since `since` (null: nothing to compare, nothing read). Reads
 * at most CHANGES_AUTO_PAGES pages by itself, then only as many more as readMore asks.
 */
export function useRecordChanges(tableId: string, since: number | null): RecordChanges {
  const client = useApiClient();
  const query = useInfiniteQuery({
    ...recordChangeQueries.since(client, tableId, since ?? 0),
    enabled: since !== null,
  });
  const [pagesWanted, setPagesWanted] = useState(CHANGES_AUTO_PAGES);
  const pagesRead = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (since === null || !hasNextPage || isFetchingNextPage || isError) return;
    if (pagesRead < pagesWanted) void fetchNextPage();
  }, [since, hasNextPage, isFetchingNextPage, isError, pagesRead, pagesWanted, fetchNextPage]);

  const checked = checkedListOf(query.data);
  const records = useMemo(
    () => (since === null ? [] : checked.items.filter((record) => isChangedSince(record, since))),
    [checked.items, since],
  );
  return {
    records,
    complete: query.data !== undefined && !query.hasNextPage,
    problem: checked.problem,
    isLoading: since !== null && query.isPending,
    error: query.error,
    isReadingMore: query.isFetchingNextPage,
    readMore: () => setPagesWanted(pagesRead + CHANGES_AUTO_PAGES),
    retry: () => void (query.data ? query.fetchNextPage() : query.refetch()),
  };
}

/**
 * Whether each table changed after its last visit, for the tables that have one: one
 * record per table, asked when the list shows (tables without a visit ask nothing).
 */
export function useNewestRecordUpdate(tableId: string, enabled: boolean): number | null {
  const client = useApiClient();
  const query = useQuery({ ...recordChangeQueries.newest(client, tableId), enabled });
  return query.data ? timeOf(query.data) : null;
}
