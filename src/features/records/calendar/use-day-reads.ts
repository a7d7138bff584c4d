import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RANGE_WALK_BOUND } from '../../../components/calendar/range-walk';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isApiError } from '../../../lib/api/errors';
import { checkListPages } from '../../../lib/api/guarded-list';
import { listStoppedMessage, type PagingProblem } from '../../../lib/api/paging-guard';
import { queryKeys } from '../../../lib/api/query-keys';
import { shouldRetry } from '../../../lib/api/retry-policy';
import type { ApiClient, Page, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { PAGE_SIZE } from '../api/page-sizes';
import { contradictsDay } from './day-reads-plan';
import { slimmed } from './use-date-walk';

/** Days asked for at once: the browser's connections to one host, and the service's fair share. */
export const DAY_READS_AT_ONCE = 6;

/** A day the service could not be asked for by its filter: the calendar falls back to the walk. */
export class DayFilterUnusable extends Error {
  override readonly name = 'DayFilterUnusable';
}

/** True when `error` says the service does not read `filter[<column>]=<day>` as a day. */
export function isDayFilterUnusable(error: unknown, column: string): boolean {
  if (error instanceof DayFilterUnusable) return true;
  if (!isApiError(error) || error.status !== 400) return false;
  return (
    error.param === `filter[${column}]` ||
    error.reason === 'invalid_filter' ||
    error.reason === 'unsupported_filter'
  );
}

interface DayRead {
  items: RecordRow[];
  problem: PagingProblem | null;
  /** False when the day stopped at the bound with more records on it. */
  complete: boolean;
}

/**
 * One UTC day of the view: `filter[<date column>]=<day>` added to its filters, sorted by
 * the date, read to its end with the lists' guard (a repeated cursor or record, or empty
 * pages that point further, end it) and at most `bound` records. A record of another day
 * means the service does not filter by day: DayFilterUnusable.
 */
export function dayReadQuery(
  client: ApiClient,
  tableId: string,
  query: RecordQuery,
  dateColumn: string,
  fields: readonly string[],
  day: string,
  bound: number,
) {
  const dayQuery: RecordQuery = {
    ...query,
    sort: { column: dateColumn, direction: 'asc' },
    filters: { ...query.filters, [dateColumn]: day },
  };
  return {
    queryKey: queryKeys.recordDateDay(tableId, dayQuery, fields),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<DayRead> => {
      let pages: Page<RecordRow>[] = [];
      let cursors: (string | null)[] = [];
      let cursor: string | null = null;
      for (;;) {
        const page = await client.listRecords(tableId, dayQuery, {
          cursor,
          limit: PAGE_SIZE,
          signal,
        });
        if (page.items.some((record) => contradictsDay(record.fields[dateColumn], day))) {
          throw new DayFilterUnusable(`The service answered ${day} with records of other days.`);
        }
        // New arrays each time: the guard keeps its verdict per pages array.
        pages = [...pages, { ...page, items: slimmed(page.items, fields) }];
        cursors = [...cursors, cursor];
        const checked = checkListPages(pages, cursors);
        if (checked.nextCursor === null || checked.items.length >= bound) {
          return {
            items: checked.items,
            problem: checked.problem,
            complete: checked.nextCursor === null,
          };
        }
        cursor = checked.nextCursor;
      }
    },
    staleTime: 60_000,
    // A service that answers a day with other days answers the same again.
    retry: (count: number, error: unknown) =>
      !(error instanceof DayFilterUnusable) && shouldRetry(count, error),
  };
}

export interface DayReads {
  /** The UTC days asked for, and how many are read. */
  days: number;
  daysRead: number;
  /** The records of the days read so far, day after day, each once. */
  records: readonly RecordRow[];
  verdict: 'starting' | 'more' | 'done' | 'bound' | 'failed';
  /** A day's failure (not a refusal: that is `unusable`). */
  error: unknown;
  /** The service refused a day's filter, or answered it with other days. */
  unusable: boolean;
  stoppedMessage: string | null;
  retry: () => void;
  goOn: () => void;
}

/**
 * The records of `days` (UTC days, from daysToRead), one request per day (more for a day
 * of more than a page), at most DAY_READS_AT_ONCE at a time in the days' order, each
 * cached for a minute, so a month next to one already seen reads only its other days.
 * Leaving the range (another month, another view) cancels the requests in flight: their
 * queries lose their last observer. Stops asking for more days once `bound` records are
 * read, and goes on by as many on `goOn`.
 */
export function useDayReads({
  tableId,
  query,
  dateColumn,
  fields,
  days,
  enabled,
  bound = RANGE_WALK_BOUND,
}: {
  tableId: string;
  query: RecordQuery;
  dateColumn: string;
  fields: readonly string[];
  days: readonly string[];
  enabled: boolean;
  bound?: number;
}): DayReads {
  const t = useT();
  const client = useApiClient();
  const rangeKey = `${days[0]}:${days.at(-1)}:${JSON.stringify(query)}`;
  const [extra, setExtra] = useState({ key: '', count: 0 });
  const allowance = bound + (extra.key === rangeKey ? extra.count : 0);
  const [started, setStarted] = useState({ key: rangeKey, count: 0 });
  const startedCount = started.key === rangeKey ? started.count : 0;

  const base = days.map((day) =>
    dayReadQuery(client, tableId, query, dateColumn, fields, day, bound),
  );
  // Which days may be asked for now: in order, while fewer than DAY_READS_AT_ONCE are
  // unanswered and fewer than `allowance` records are read.
  const results = useQueries({
    queries: base.map((options, index) => ({
      ...options,
      enabled: enabled && index < startedCount,
    })),
  });
  let read = 0;
  let inFlight = 0;
  let startable = 0;
  for (const result of results) {
    if (read >= allowance) break;
    if (result.data) read += result.data.items.length;
    else if (!result.isError) {
      if (inFlight >= DAY_READS_AT_ONCE) break;
      inFlight += 1;
    }
    startable += 1;
  }
  // Stored during render (React's "information from previous renders"): the next days are
  // enabled in the same pass, before anything is committed.
  if (enabled && startable !== startedCount) setStarted({ key: rangeKey, count: startable });

  const dataKey = results.map((result) => result.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for the days' data
  const merged = useMemo(() => {
    const seen = new Set<string>();
    const records: RecordRow[] = [];
    let problem: PagingProblem | null = null;
    let complete = true;
    let daysRead = 0;
    for (const result of results) {
      if (!result.data) continue;
      daysRead += 1;
      problem ??= result.data.problem;
      if (!result.data.complete) complete = false;
      for (const record of result.data.items) {
        if (seen.has(record.id)) continue;
        seen.add(record.id);
        records.push(record);
      }
    }
    return { records, problem, complete, daysRead };
  }, [dataKey]);

  const failed = results.find((result) => result.isError);
  const unusable = failed !== undefined && isDayFilterUnusable(failed.error, dateColumn);
  const verdict: DayReads['verdict'] =
    failed !== undefined
      ? 'failed'
      : merged.daysRead === days.length
        ? merged.complete
          ? 'done'
          : 'bound'
        : merged.daysRead === 0
          ? 'starting'
          : read >= allowance && !results.some((result) => result.isFetching)
            ? 'bound'
            : 'more';
  return {
    days: days.length,
    daysRead: merged.daysRead,
    records: merged.records,
    verdict,
    error: failed?.error ?? null,
    unusable,
    stoppedMessage: merged.problem
      ? listStoppedMessage(merged.problem, 'records', merged.records.length, t)
      : null,
    retry: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
    goOn: () =>
      setExtra((current) => ({
        key: rangeKey,
        count: (current.key === rangeKey ? current.count : 0) + bound,
      })),
  };
}
