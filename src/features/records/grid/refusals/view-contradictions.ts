import type { Column, RecordQuery, RecordRow } from '../../../../lib/api/types';
import { formatList } from '../../../../lib/i18n/formats';
import { t } from '../../../../lib/i18n/i18n';
import { isNumericType, isTextLikeType } from '../../columns/column-kinds';

/**
 * Parts of a view the service did not apply, judged from the rows it sent: a service
 * that ignores a filter or sort it does not support answers 200 all the same. Only
 * comparisons that cannot be wrong are made (exact text, numbers, booleans, instants);
 * anything else is given the benefit of the doubt.
 */
export interface ViewContradictions {
  /** Filtered columns with rows of other values. */
  filters: string[];
  /** The sort column, when rows come out of its order. */
  sort: string | null;
}

const NONE: ViewContradictions = { filters: [], sort: null };

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** True when `value` certainly does not equal the filter text, for this column's type. */
const CHECKED_FILTER_TYPES = new Set(['BOOLEAN', 'MULTISELECT']);

function contradictsFilter(column: Column, filter: string, value: unknown): boolean {
  const checked =
    isTextLikeType(column.type) ||
    isNumericType(column.type) ||
    CHECKED_FILTER_TYPES.has(column.type);
  if (!checked) return false;
  if (filter === '') return !isBlank(value) && !(Array.isArray(value) && value.length === 0);
  if (isBlank(value)) return true;
  if (isTextLikeType(column.type)) return typeof value === 'string' && value !== filter;
  if (isNumericType(column.type)) {
    const wanted = Number(filter);
    return Number.isFinite(wanted) && typeof value === 'number' && value !== wanted;
  }
  if (column.type === 'BOOLEAN') {
    const wanted = filter.toLowerCase();
    return (wanted === 'true' || wanted === 'false') && typeof value === 'boolean'
      ? String(value) !== wanted
      : false;
  }
  if (column.type === 'MULTISELECT') {
    return Array.isArray(value) && !value.some((item) => item === filter);
  }
  return false;
}

/** A comparable key for sort checking, or undefined when this type is not checked. */
function sortKeyOf(column: Column, value: unknown): number | null | undefined {
  if (isBlank(value)) return null;
  if (isNumericType(column.type)) return typeof value === 'number' ? value : undefined;
  if (column.type === 'BOOLEAN') return typeof value === 'boolean' ? Number(value) : undefined;
  if (column.type === 'DATETIME' && typeof value === 'string') {
    const instant = Date.parse(value);
    return Number.isNaN(instant) ? undefined : instant;
  }
  return undefined;
}

function contradictsSort(column: Column, direction: 'asc' | 'desc', rows: RecordRow[]): boolean {
  let previous: number | null | undefined;
  let seenNull = false;
  for (const row of rows) {
    const key = sortKeyOf(column, row.fields[column.name]);
    if (key === undefined) return false;
    // Nulls sort last in both directions.
    if (key === null) {
      seenNull = true;
      continue;
    }
    if (seenNull) return true;
    if (previous !== undefined && previous !== null) {
      if (direction === 'asc' ? key < previous : key > previous) return true;
    }
    previous = key;
  }
  return false;
}

/**
 * The last verdict on each window of rows: the records screen asks on every render (a
 * request starting, a timer, a key pressed), and a sort on a date column parsed the date of
 * every row in memory (up to 4,000) each time. A window is a new array only when a page
 * arrives or leaves, so the rows are judged once a page.
 */
const verdicts = new WeakMap<
  readonly RecordRow[],
  { key: string; columns: readonly Column[]; verdict: ViewContradictions }
>();

/** `rows` are consecutive rows of the view (one window), in the service's order. */
export function viewContradictions(
  query: RecordQuery,
  columns: readonly Column[],
  rows: RecordRow[],
): ViewContradictions {
  if (rows.length === 0 || columns.length === 0) return NONE;
  const key = JSON.stringify([query.sort, query.filters]);
  const known = verdicts.get(rows);
  if (known && known.key === key && known.columns === columns) return known.verdict;
  const verdict = judgeRows(query, columns, rows);
  verdicts.set(rows, { key, columns, verdict });
  return verdict;
}

function judgeRows(
  query: RecordQuery,
  columns: readonly Column[],
  rows: RecordRow[],
): ViewContradictions {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const filters = Object.entries(query.filters)
    .filter(([name, filter]) => {
      const column = byName.get(name);
      if (!column || column.inferred) return false;
      return rows.some((row) => contradictsFilter(column, filter, row.fields[name]));
    })
    .map(([name]) => name);
  const sortColumn = query.sort ? byName.get(query.sort.column) : undefined;
  const sort =
    query.sort &&
    sortColumn &&
    !sortColumn.inferred &&
    contradictsSort(sortColumn, query.sort.direction, rows)
      ? query.sort.column
      : null;
  if (filters.length === 0 && sort === null) return NONE;
  return { filters, sort };
}

/** "The service did not apply the filter on status", for the banner. */
export function contradictionMessage({ filters, sort }: ViewContradictions): string | null {
  const count = filters.length;
  if (count === 0) return sort === null ? null : t('records.contradiction.sort', { column: sort });
  // Only when there is something to list: a page's first Intl.ListFormat loads its locale
  // data, ~12 ms of the grid's first render with rows for a banner that is rarely shown.
  const columns = formatList(filters);
  if (sort !== null) return t('records.contradiction.both', { count, columns, column: sort });
  return t('records.contradiction.filters', { count, columns });
}

/** The view as the service actually served it: what the summary may claim. */
export function appliedQuery(query: RecordQuery, contradictions: ViewContradictions): RecordQuery {
  if (contradictions.filters.length === 0 && contradictions.sort === null) return query;
  const filters = Object.fromEntries(
    Object.entries(query.filters).filter(([name]) => !contradictions.filters.includes(name)),
  );
  return { sort: contradictions.sort === null ? query.sort : null, filters };
}
