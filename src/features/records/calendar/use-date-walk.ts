import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { datedValueOf, type InstantRange } from '../../../components/calendar/calendar-dates';
import {
  nearerEnd,
  RANGE_WALK_BOUND,
  type WalkDirection,
  type WalkVerdict,
  walkVerdict,
} from '../../../components/calendar/range-walk';
import { useApiClient } from '../../../lib/api/api-client-context';
import { guardedListOptions } from '../../../lib/api/guarded-list';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useCheckedList } from '../../../lib/use-checked-list';
import { useWalkToEnd } from '../../../lib/use-walk-to-end';
import { PAGE_SIZE } from '../api/page-sizes';

/** The view sorted by the date column, one way: a saved view's filters still apply under it. */
export function sortedByDate(query: RecordQuery, column: string, direction: WalkDirection) {
  return { ...query, sort: { column, direction } };
}

/** Records with only the fields a calendar draws: a walk may hold 20,000 of them. */
export function slimmed(records: readonly RecordRow[], fields: readonly string[]): RecordRow[] {
  return records.map((record) => {
    const kept: Record<string, unknown> = {};
    for (const field of fields) if (field in record.fields) kept[field] = record.fields[field];
    return {
      id: record.id,
      fields: kept,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    };
  });
}

export function dateWalkQuery(
  client: ApiClient,
  tableId: string,
  query: RecordQuery,
  fields: readonly string[],
) {
  return guardedListOptions({
    queryKey: queryKeys.recordDateWalk(tableId, query, fields),
    fetchPage: async ({ cursor, signal }) => {
      const page = await client.listRecords(tableId, query, { cursor, limit: PAGE_SIZE, signal });
      return { ...page, items: slimmed(page.items, fields) };
    },
  });
}

function dateEdgeQuery(client: ApiClient, tableId: string, query: RecordQuery, column: string) {
  return {
    queryKey: queryKeys.recordDateEdge(tableId, query),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const page = await client.listRecords(tableId, query, { limit: 1, signal });
      const first = page.items[0];
      return first ? (datedValueOf(first.fields[column])?.instant ?? null) : null;
    },
    staleTime: 60_000,
  };
}

/** The view's first record each way by the date column (one record each): its dates' two ends. */
export function useDateEdges(tableId: string, query: RecordQuery, dateColumn: string) {
  const client = useApiClient();
  const newest = useQuery(
    dateEdgeQuery(client, tableId, sortedByDate(query, dateColumn, 'desc'), dateColumn),
  );
  const oldest = useQuery(
    dateEdgeQuery(client, tableId, sortedByDate(query, dateColumn, 'asc'), dateColumn),
  );
  const known =
    newest.isSuccess && oldest.isSuccess ? { oldest: oldest.data, newest: newest.data } : null;
  return { newest, oldest, known };
}

export interface DateWalk {
  direction: WalkDirection | null;
  /** The records read so far, in the walk's order, each once. */
  records: readonly RecordRow[];
  verdict: WalkVerdict | 'starting' | 'failed';
  /** The date of the last record read: how far the walk has come. */
  reachedInstant: number | null;
  error: unknown;
  /** Why the service's paging made the walk stop early, or null. */
  stoppedMessage: string | null;
  retry: () => void;
  /** Past the bound: read as many more. */
  goOn: () => void;
}

/**
 * The records of `range`: the view sorted by `dateColumn`, read from the end nearer the
 * range (its first record each way tells which) until the first record past the range,
 * at most RANGE_WALK_BOUND records before asking to go on. The walk is one cached list per
 * view and direction, so the next month back continues where this one stopped, and a
 * month already passed is drawn from what was read.
 */
export function useDateWalk({
  tableId,
  query,
  dateColumn,
  fields,
  range,
  bound = RANGE_WALK_BOUND,
  enabled = true,
}: {
  tableId: string;
  query: RecordQuery;
  dateColumn: string;
  /** The fields the calendar draws (its date and what records are called by). */
  fields: readonly string[];
  range: InstantRange;
  /** Records read before asking to go on (tests make it small). */
  bound?: number;
  /** False: only the two ends are read (the range is read day by day instead). */
  enabled?: boolean;
}): DateWalk {
  const client = useApiClient();
  const { newest, oldest } = useDateEdges(tableId, query, dateColumn);
  const direction =
    newest.isSuccess && oldest.isSuccess ? nearerEnd(range, oldest.data, newest.data) : null;
  const walkQuery = useMemo(
    () => sortedByDate(query, dateColumn, direction ?? 'desc'),
    [query, dateColumn, direction],
  );
  const walk = useInfiniteQuery({
    ...dateWalkQuery(client, tableId, walkQuery, fields),
    enabled: enabled && direction !== null,
  });
  const { items, stoppedMessage } = useCheckedList(walk.data, 'records');
  const last = items.at(-1);
  const reachedInstant = last ? (datedValueOf(last.fields[dateColumn])?.instant ?? null) : null;

  // The bound counts from what had been read when this range was first asked of this walk.
  const walkKey = `${range.start}:${range.end}:${direction}:${JSON.stringify(walkQuery)}`;
  const [allowance, setAllowance] = useState({ key: '', base: 0, extra: 0 });
  const current =
    allowance.key === walkKey ? allowance : { key: walkKey, base: items.length, extra: 0 };
  useEffect(() => {
    if (allowance.key !== walkKey) setAllowance(current);
  }, [allowance.key, walkKey, current]);

  const verdict =
    direction === null
      ? newest.isError || oldest.isError
        ? 'failed'
        : 'starting'
      : walk.isPending
        ? walk.isError
          ? 'failed'
          : 'starting'
        : walkVerdict({
            direction,
            range,
            read: items.length,
            lastInstant: reachedInstant,
            hasNextPage: walk.hasNextPage,
            allowance: current.base + bound + current.extra,
          });
  // One page at a time while the range may go on (the walk-to-end rule: the page count is a
  // dependency, so a page that arrives within one render does not stall it).
  useWalkToEnd(walk, verdict === 'more');

  return {
    direction,
    records: items,
    verdict: walk.isFetchNextPageError || walk.isError ? 'failed' : verdict,
    reachedInstant,
    error: walk.error ?? newest.error ?? oldest.error,
    stoppedMessage,
    retry: () => {
      if (newest.isError) void newest.refetch();
      if (oldest.isError) void oldest.refetch();
      if (walk.isError && walk.data === undefined) void walk.refetch();
      else if (walk.isFetchNextPageError) void walk.fetchNextPage();
    },
    goOn: () => setAllowance({ ...current, extra: current.extra + bound }),
  };
}
