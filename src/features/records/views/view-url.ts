/**
 * A records view as its URL says it (`sort`, `filter[<column>]`, `view`, `find`): the reading
 * half, free of React, so the start-up script (src/main.ts) asks for the first page
 * exactly as the grid will (../grid/data/use-table-url-state.ts writes and follows it).
 */
import type { RecordQuery, RecordSort, SortDirection } from '../../../lib/api/types';

/**
 * A table's saved views in the URL. `view=<id>` names the chosen view (absent: the
 * table's default view, if it has one). While the view is as saved, the URL holds only
 * its id and the service applies its sort and filters (`view=<id>` on the request). A
 * sort or filter changed by hand writes the whole resulting sort and filters into the URL
 * (`sort=` even when empty marks them as the user's), and the request carries exactly
 * those, without `view`: the service could not otherwise drop a filter the view has.
 */
export interface ViewUrlState {
  viewId: string | null;
  /**
   * `mine=<id>`: a view of the person's own (./your-views.ts). Its sort and filters are
   * always in the URL too (the service does not know it), so the URL alone asks for it.
   */
  mineId?: string | null;
  /** True when the URL carries the user's own sort and filters. */
  explicit: boolean;
  sort: RecordSort | null;
  filters: Record<string, string>;
  /**
   * `find=`: what the table's find looks for (decision 057); '' or absent for nothing. Part
   * of the view as its sort and filters are, though never sent: a find over a saved view
   * changes it, and "Back to …" puts back the saved one's.
   */
  find?: string;
}

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

export const VIEW_PARAM = 'view';
/** `mine=<id>`: a view of the person's own (./your-views.ts), never sent to the service. */
export const MINE_PARAM = 'mine';
/** `find=`: a table's find (decision 057), never sent to the service. */
export const FIND_PARAM = 'find';

/** The URL's view id, whether it carries the user's own sort/filters, and those. */
export function parseViewUrlState(params: URLSearchParams): ViewUrlState {
  const query = parseRecordQuery(params);
  return {
    viewId: params.get(VIEW_PARAM) || null,
    mineId: params.get(MINE_PARAM) || null,
    explicit: params.has('sort') || Object.keys(query.filters).length > 0,
    sort: query.sort,
    filters: query.filters,
    find: params.get(FIND_PARAM)?.trim() ? (params.get(FIND_PARAM) ?? '') : '',
  };
}

/**
 * What is asked of the service while the table's description loads: a `view=<id>` as it
 * is (unless the user's own sort and filters replace it), else the table as the URL sorts
 * and filters it.
 */
export function requestQueryBeforeDescription(url: ViewUrlState): RecordQuery {
  return url.viewId !== null && !url.explicit
    ? { view: url.viewId, sort: null, filters: {} }
    : { sort: url.sort, filters: url.filters };
}
