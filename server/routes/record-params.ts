import { isFilterable } from '../db/column-types';
import { uuidOf } from '../db/ids';
import type { RecordFilter, RecordSort, SortTarget } from '../db/record-query';
import type { TableView } from '../db/table-views';
import type { TableInfo } from '../db/user-tables';
import type { WorkspaceDb } from '../db/workspace-db';
import { ApiError, badRequest } from '../http/errors';
import { maskKeys } from '../http/key-mask';
import { singleParam } from '../http/params';
import { readFilter } from './filter-values';

export interface RecordListQuery {
  sort: RecordSort;
  filters: RecordFilter[];
  /** What a cursor is bound to: the table, the view, the sort and the filters as read. */
  binding: string;
}

const DEFAULT_SORT: RecordSort = { target: { kind: 'created_at' }, direction: 'asc' };

/** Lists read, per database: the same view is asked for page after page with new cursors. */
const PARSED_LIMITS = { maxEntries: 1_000, maxBytes: 2 * 1024 * 1024 };
const MAX_KEPT_KEY_CHARS = 512;
const parsedCaches = new WeakMap<WorkspaceDb, Map<string, RecordListQuery>>();

/**
 * parseRecordListQuery, kept per table and parameters (all but `cursor` and `limit`) in a
 * bounded cache that is emptied whenever the database changes (columns and views with it).
 * Refused parameters, and very long ones, are not kept: they are read every time. The
 * result is shared: nothing may change it.
 */
export function recordListQueryOf(
  db: WorkspaceDb,
  table: TableInfo,
  query: URLSearchParams,
  views: readonly TableView[],
): RecordListQuery {
  // Lengths first, so no two parameter lists make the same key, whatever they contain.
  let key = table.id;
  for (const [name, value] of query) {
    if (name !== 'cursor' && name !== 'limit') {
      key += `&${name.length}:${name}${value.length}:${value}`;
    }
  }
  // A pasted paragraph as a filter value is rare: read each time rather than kept.
  if (key.length > MAX_KEPT_KEY_CHARS) return parseRecordListQuery(table, query, views);
  let cache = parsedCaches.get(db);
  if (cache === undefined) {
    cache = db.cache<string, RecordListQuery>({
      ...PARSED_LIMITS,
      sizeOf: (cacheKey, parsed) => (cacheKey.length + parsed.binding.length) * 2 + 512,
    });
    parsedCaches.set(db, cache);
  }
  let parsed = cache.get(key);
  if (parsed === undefined) {
    parsed = parseRecordListQuery(table, query, views);
    cache.set(key, parsed);
  }
  return parsed;
}

/**
 * Reads `view`, `sort` and `filter[<column>]` against the table's columns and views (§4).
 * A view contributes its sort and filters; an explicit sort, or an explicit filter on
 * the same column, wins. The query layer only ever sees the merged sort and filters.
 */
export function parseRecordListQuery(
  table: TableInfo,
  query: URLSearchParams,
  views: readonly TableView[] = [],
): RecordListQuery {
  const view = viewOf(views, query);
  const explicitSort = singleParam(query, 'sort', 'invalid_sort');
  const sort =
    explicitSort !== undefined
      ? parseSort(table, explicitSort)
      : (viewSortOf(table, view) ?? DEFAULT_SORT);
  const filters = parseFilters(table, query);
  if (view !== null) filters.push(...viewFiltersOf(table, view, filters));
  const filterBinding = filters
    .map((f) => `${f.column.id}=${f.kind}:${JSON.stringify(filterValueOf(f))}`)
    .sort()
    .join('&');
  const binding = `records|${table.id}|${view?.id ?? ''}|${sortTargetId(sort.target)}:${sort.direction}|${filterBinding}`;
  return { sort, filters, binding };
}

const UNKNOWN_VIEW =
  'This table has no saved view with this id. Pick one from the views of GET /tables/{tableId}, or leave view out.';

function viewOf(views: readonly TableView[], query: URLSearchParams): TableView | null {
  const values = query.getAll('view');
  if (values.length === 0) return null;
  if (values.length > 1) {
    throw badRequest(
      'view',
      'unknown_view',
      `Send view at most once; this request has it ${values.length} times.`,
    );
  }
  const id = uuidOf(values[0] ?? '');
  const view = id === null ? undefined : views.find((v) => v.id === id);
  if (view === undefined) throw badRequest('view', 'unknown_view', UNKNOWN_VIEW);
  return view;
}

/**
 * A view saved before a column was renamed or deleted may name it: that part of the view
 * is skipped (the rest still applies) rather than making the view unusable.
 */
function viewSortOf(table: TableInfo, view: TableView | null): RecordSort | null {
  if (view === null || view.settings.sort === null) return null;
  return unlessInvalid(() => parseSort(table, view.settings.sort ?? undefined));
}

function viewFiltersOf(
  table: TableInfo,
  view: TableView,
  explicit: readonly RecordFilter[],
): RecordFilter[] {
  const overridden = new Set(explicit.map((f) => f.column.id));
  const filters: RecordFilter[] = [];
  for (const [name, value] of Object.entries(view.settings.filters)) {
    const column = table.columnsByName.get(name);
    if (column === undefined || overridden.has(column.id) || !isFilterable(column.type)) continue;
    const filter = unlessInvalid(() => readFilter(column, value, 'view', clip(name)));
    if (filter !== null) filters.push(filter);
  }
  return filters;
}

function unlessInvalid<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

function sortTargetId(target: SortTarget): string {
  return target.kind === 'column' ? target.column.id : target.kind;
}

function filterValueOf(filter: RecordFilter): unknown {
  switch (filter.kind) {
    case 'equals':
      return filter.key;
    case 'range':
      return [filter.from, filter.to];
    case 'contains':
      return filter.item;
    case 'empty':
      return null;
  }
}

function parseSort(table: TableInfo, raw: string | undefined): RecordSort {
  if (raw === undefined) return DEFAULT_SORT;
  const whole = targetOf(table, raw);
  if (whole !== null) return { target: whole, direction: 'asc' };
  const colon = raw.lastIndexOf(':');
  const name = colon === -1 ? raw : raw.slice(0, colon);
  const target = targetOf(table, name);
  if (target === null) {
    throw badRequest(
      'sort',
      'unknown_column',
      `This table has no column named "${clip(name)}" to sort by. Use a column name, created_at or updated_at.`,
    );
  }
  // Lower case only, as the documents list them (decision 055).
  const direction = raw.slice(colon + 1);
  if (direction !== 'asc' && direction !== 'desc') {
    throw badRequest(
      'sort',
      'invalid_sort',
      'Write sort as <column>:asc or <column>:desc, in lower case.',
    );
  }
  return { target, direction };
}

function targetOf(table: TableInfo, name: string): SortTarget | null {
  const column = table.columnsByName.get(name);
  if (column !== undefined) return { kind: 'column', column };
  if (name === 'created_at' || name === 'updated_at') return { kind: name };
  return null;
}

const FILTER_KEY = /^filter\[(.+)\]$/s;

function parseFilters(table: TableInfo, query: URLSearchParams): RecordFilter[] {
  const filters: RecordFilter[] = [];
  const seen = new Set<string>();
  for (const [key, value] of query) {
    if (key !== 'filter' && !key.startsWith('filter[')) continue;
    const match = FILTER_KEY.exec(key);
    const name = match?.[1];
    if (name === undefined) {
      throw badRequest(
        clip(key),
        'invalid_filter',
        'Write a filter as filter[<column name>]=<value>, with the column name between the brackets.',
      );
    }
    const column = table.columnsByName.get(name);
    if (column === undefined) {
      throw badRequest(
        clip(key),
        'unknown_column',
        `This table has no column named "${clip(name)}" to filter on.`,
      );
    }
    if (seen.has(name)) {
      throw badRequest(
        clip(key),
        'duplicate_filter',
        `The column "${clip(name)}" is filtered twice. Send one value per column.`,
      );
    }
    seen.add(name);
    if (!isFilterable(column.type)) {
      throw badRequest(
        clip(key),
        'unsupported_filter',
        `Columns of type ${column.type} can't be filtered. Remove the filter on "${clip(name)}".`,
      );
    }
    filters.push(readFilter(column, value, clip(key), clip(name)));
  }
  return filters;
}

/** Echoed names are shortened (a 10 kB parameter doesn't come back whole) and never show a key. */
function clip(text: string): string {
  const safe = maskKeys(text);
  return safe.length > 100 ? `${safe.slice(0, 100)}…` : safe;
}
