import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { RecordQuery, RecordSort, SortDirection } from '../../../lib/api/types';

const FILTER_PREFIX = 'filter[';
const FILTER_SUFFIX = ']';

/** `filter[<column>]` → column; the column name may itself hold brackets, so only the outer pair counts. */
export function filterColumnOf(param: string): string | null {
  if (!param.startsWith(FILTER_PREFIX) || !param.endsWith(FILTER_SUFFIX)) return null;
  const column = param.slice(FILTER_PREFIX.length, -FILTER_SUFFIX.length);
  return column === '' ? null : column;
}

export function filterParamOf(column: string): string {
  return `${FILTER_PREFIX}${column}${FILTER_SUFFIX}`;
}

/**
 * `sort=<column>:<dir>`; column names may contain `:`, so only a trailing `:asc`/`:desc`
 * is read as the direction, and `sort=<column>` alone means ascending (CONTRACT §4).
 */
export function parseSort(value: string | null): RecordSort | null {
  if (value === null || value === '') return null;
  const match = /^(.*):(asc|desc)$/i.exec(value);
  if (match?.[1]) {
    return { column: match[1], direction: match[2]?.toLowerCase() as SortDirection };
  }
  return { column: value, direction: 'asc' };
}

export function formatSort(sort: RecordSort): string {
  return `${sort.column}:${sort.direction}`;
}

export function parseRecordQuery(params: URLSearchParams): RecordQuery {
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    const column = filterColumnOf(key);
    // The first occurrence wins: the service rejects the same column twice.
    if (column !== null && !(column in filters)) filters[column] = value;
  }
  return { sort: parseSort(params.get('sort')), filters };
}

/** Writes the view into a copy of `params`, leaving parameters that are not ours alone. */
export function writeRecordQuery(params: URLSearchParams, query: RecordQuery): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'sort' || filterColumnOf(key) !== null) continue;
    next.append(key, value);
  }
  if (query.sort) next.set('sort', formatSort(query.sort));
  for (const [column, value] of Object.entries(query.filters)) {
    next.append(filterParamOf(column), value);
  }
  return next;
}

/** asc → desc → none, the cycle a header click walks through. */
export function nextSortFor(current: RecordSort | null, column: string): RecordSort | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

export interface HistoryMode {
  /** Replace the current history entry instead of pushing one (typing must not flood history). */
  replace?: boolean;
}

export interface TableUrlState {
  query: RecordQuery;
  setSort: (sort: RecordSort | null, mode?: HistoryMode) => void;
  /** An empty value is a real filter (matches empty cells); `null` removes the filter. */
  setFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
  clearFilters: () => void;
}

/** The one place the records view (sort, filters) is read from and written to the URL. */
export function useTableUrlState(): TableUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const serialized = searchParams.toString();
  // Keyed on the serialized string so an unrelated re-render keeps the same query object.
  // biome-ignore lint/correctness/useExhaustiveDependencies: serialized stands for searchParams
  const query = useMemo(() => parseRecordQuery(searchParams), [serialized]);

  const setSort = useCallback(
    (sort: RecordSort | null, mode?: HistoryMode) => {
      setSearchParams(
        (previous) => {
          const current = parseRecordQuery(previous);
          return writeRecordQuery(previous, { ...current, sort });
        },
        { replace: mode?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const setFilter = useCallback(
    (column: string, value: string | null, mode?: HistoryMode) => {
      setSearchParams(
        (previous) => {
          const current = parseRecordQuery(previous);
          if ((current.filters[column] ?? null) === value) return previous;
          const filters = { ...current.filters };
          if (value === null) delete filters[column];
          else filters[column] = value;
          return writeRecordQuery(previous, { ...current, filters });
        },
        { replace: mode?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchParams((previous) => {
      const current = parseRecordQuery(previous);
      return writeRecordQuery(previous, { ...current, filters: {} });
    });
  }, [setSearchParams]);

  return { query, setSort, setFilter, clearFilters };
}
