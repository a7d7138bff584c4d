import type { ColumnDefinition } from './column-types';
import { planCacheKey, plannedStatement } from './pinned-plans';
import type { SortKey } from './sort-keys';
import type { TableInfo } from './user-tables';
import type { WorkspaceDb } from './workspace-db';

export type SortTarget =
  | { kind: 'column'; column: ColumnDefinition }
  | { kind: 'created_at' }
  | { kind: 'updated_at' };

export interface RecordSort {
  target: SortTarget;
  direction: 'asc' | 'desc';
}

/** A filter already read by its column's type (§4); values are sort keys. */
export type RecordFilter =
  | { kind: 'equals'; column: ColumnDefinition; key: string | number }
  | { kind: 'range'; column: ColumnDefinition; from: number; to: number }
  | { kind: 'contains'; column: ColumnDefinition; item: string }
  | { kind: 'empty'; column: ColumnDefinition; emptyKey: string | null };

/**
 * Where the next page starts: `nulls` tells which of the two runs (values, then nulls)
 * the record is in, `key` its sort key, `id` the tie-breaker. `at`: the next page starts
 * at this record (the first one past the page's limit, which a page reads anyway);
 * otherwise just after it (the last record of the page, in cursors issued before
 * decision 027, which stay valid).
 */
export interface RecordPosition {
  nulls: boolean;
  key: SortKey;
  id: string;
  at: boolean;
}

export interface RecordPage {
  /**
   * The page's records, each the contract's JSON object as stored, joined by `,\n`: UTF-8
   * bytes straight from SQLite, never decoded into JS strings and encoded again.
   */
  recordsJson: Buffer;
  /** Position of the last record returned, when more records follow. */
  next: RecordPosition | null;
}

/**
 * One run's records as one aggregate row: [records joined by `,\n`, how many, the sort
 * key of the last (values run only)].
 */
type RunRow = [records: Buffer | null, count: number, lastKey?: SortKey];

/** One run of a page: its records joined by `,\n`, how many, and its last sort key. */
interface Run {
  records: Buffer;
  count: number;
  lastKey: SortKey;
  nulls: boolean;
}

const NO_RECORDS = Buffer.alloc(0);

/**
 * One page in keyset order (sort key, id). Nulls come last in both directions, so a
 * page is read from two runs: the non-null keys, served by the (key, id) index in
 * either direction, then the null keys, served by the same index with key IS NULL.
 * One row past the limit is read so `next` is null exactly when nothing follows; the
 * next page starts at that row.
 *
 * Each run is one aggregate over the ordered, limited rows: SQLite joins the stored
 * record texts into one BLOB, separated by `,\n`, and counts them, in the order the rows
 * come out of the ordered subquery (a co-routine stepped in order). The record past the
 * limit is then cut off after the last line feed, and the id for the cursor read from the
 * last record's own bytes. This skips a JS string per record and the UTF-8
 * encoding of the page (about a third of a page's CPU time).
 */
export function queryRecordPage(
  db: WorkspaceDb,
  table: TableInfo,
  query: { sort: RecordSort; filters: RecordFilter[]; after: RecordPosition | null; limit: number },
): RecordPage {
  // One read snapshot: the runs and the key read back for the cursor see the same data.
  return db.read(() => readRecordPage(db, table, query));
}

function readRecordPage(
  db: WorkspaceDb,
  table: TableInfo,
  query: { sort: RecordSort; filters: RecordFilter[]; after: RecordPosition | null; limit: number },
): RecordPage {
  const keyExpr = sortKeyExpression(query.sort.target);
  const nullable = query.sort.target.kind === 'column';
  const asc = query.sort.direction === 'asc';
  const direction = asc ? 'ASC' : 'DESC';
  const { filterSql, filterParams, runSql } = filterPartsOf(db, table, query.filters);

  const wanted = query.limit + 1;
  const runs: Run[] = [];
  let count = 0;
  const after = query.after;
  if (after === null || !after.nulls) {
    const seek = after !== null && after.key !== null;
    const shape = `${table.storage}|${keyExpr}|${direction}|values|${seek && seekOperator(asc, after.at)}`;
    let sql = runSql.get(shape);
    if (sql === undefined) {
      const where = [...filterSql];
      if (nullable) where.push(`${keyExpr} IS NOT NULL`);
      if (seek) where.push(`(${keyExpr}, id) ${seekOperator(asc, after.at)} (?, ?)`);
      sql = runSqlOf(
        `FROM ${table.storage} ${whereClause(where)} ORDER BY ${keyExpr} ${direction}, id ${direction}`,
        filterParams,
        // The rows come in key order: the last row's key is the least (DESC) or greatest.
        { expr: keyExpr, last: asc ? 'max' : 'min' },
      );
      runSql.set(shape, sql);
    }
    const params = seek
      ? [...filterParams, after.key as string | number, after.id]
      : [...filterParams];
    params.push(wanted);
    const run = readRun(db, table, sql, params, filterParams, false);
    runs.push(run);
    count += run.count;
  }
  if (nullable && count < wanted) {
    const seek = after?.nulls === true;
    const shape = `${table.storage}|${keyExpr}|${direction}|nulls|${seek && seekOperator(asc, after.at)}`;
    let sql = runSql.get(shape);
    if (sql === undefined) {
      const where = [...filterSql, `${keyExpr} IS NULL`];
      if (seek) where.push(`id ${seekOperator(asc, after.at)} ?`);
      sql = runSqlOf(
        `FROM ${table.storage} ${whereClause(where)} ORDER BY id ${direction}`,
        filterParams,
        null,
      );
      runSql.set(shape, sql);
    }
    const params = seek && after !== null ? [...filterParams, after.id] : [...filterParams];
    params.push(wanted - count);
    const run = readRun(db, table, sql, params, filterParams, true);
    runs.push(run);
    count += run.count;
  }

  const hasMore = count > query.limit;
  const pieces: Buffer[] = [];
  for (const [index, run] of runs.entries()) {
    // The record past the limit is the last of the last run: cut it and the `,\n` before it.
    const cut = hasMore && index === runs.length - 1;
    if (run.count - (cut ? 1 : 0) === 0) continue;
    pieces.push(cut ? run.records.subarray(0, run.records.lastIndexOf(NEWLINE) - 1) : run.records);
  }
  const joined: Buffer[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) joined.push(SEPARATOR);
    joined.push(piece);
  }
  // The next page starts at the record past the limit: its id is in its own bytes, its
  // key came with its run, so no statement reads a key back.
  let next: RecordPosition | null = null;
  const lastRun = runs.at(-1);
  if (hasMore && lastRun !== undefined) {
    const { records } = lastRun;
    const id = idOfRecord(records.subarray(records.lastIndexOf(NEWLINE) + 1));
    next = lastRun.nulls
      ? { nulls: true, key: null, id, at: true }
      : { nulls: false, key: lastRun.lastKey, id, at: true };
  }
  return {
    recordsJson:
      joined.length === 1
        ? (joined[0] as Buffer)
        : joined.length === 0
          ? NO_RECORDS
          : Buffer.concat(joined),
    next,
  };
}

/** The keyset comparison that starts a run after, or at, a position. */
function seekOperator(asc: boolean, at: boolean): string {
  if (asc) return at ? '>=' : '>';
  return at ? '<=' : '<';
}

const ID_PREFIX = Buffer.from('{"id":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The id of one stored record (its JSON bytes). Records are written as `{"id":<id>,…`
 * (user-tables.ts, and migration 2), so the id is read as the one JSON string after that
 * prefix rather than by parsing the record; anything else is parsed whole. In UTF-8 a
 * quote or backslash byte is always that character, never part of another.
 */
function idOfRecord(record: Buffer): string {
  if (record.subarray(0, ID_PREFIX.length).equals(ID_PREFIX)) {
    for (let i = ID_PREFIX.length; i < record.length; i++) {
      const byte = record[i];
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) return JSON.parse(record.toString('utf8', 6, i + 1)) as string;
    }
  }
  const { id } = JSON.parse(record.toString('utf8')) as { id?: unknown };
  if (typeof id !== 'string') throw new Error('A stored record has no id.');
  return id;
}

/**
 * Between two records: a comma and a line feed. JSON allows the whitespace, and a stored
 * record never holds a raw line feed (it is compact JSON, whose strings escape control
 * characters), so the last line feed of a run is where its last record starts: no list
 * of byte lengths is needed to cut the record past the limit or to find the last id.
 */
const SEPARATOR = Buffer.from(',\n');
const NEWLINE = 0x0a;

/** The filters' SQL and values, and the statements built from them, per filters array. */
interface FilterParts {
  filterSql: string[];
  filterParams: (string | number)[];
  /** A run's statement and its plan's cache key, by shape (table, sort key, direction, run, seek). */
  runSql: Map<string, RunSql>;
}

/**
 * Kept for each filters array while it lives: a list read from the parsed-list cache
 * (record-params.ts) keeps its array, so the pages of one view reuse their SQL text. That
 * cache is emptied when the database changes, so a rare item's plan choice (addFilter) is
 * made again then; a stale one would only be slower, never wrong.
 */
const filterParts = new WeakMap<readonly RecordFilter[], FilterParts>();

function filterPartsOf(
  db: WorkspaceDb,
  table: TableInfo,
  filters: readonly RecordFilter[],
): FilterParts {
  let parts = filterParts.get(filters);
  if (parts === undefined) {
    const filterSql: string[] = [];
    const filterParams: (string | number)[] = [];
    // In column order, whatever order the request named them in: the same filters are
    // one statement text, not one per order (issue 19: distinct texts stay few).
    const ordered = [...filters].sort((a, b) => a.column.slot - b.column.slot);
    for (const filter of ordered) addFilter(db, table, filter, filterSql, filterParams);
    parts = { filterSql, filterParams, runSql: new Map() };
    filterParts.set(filters, parts);
  }
  return parts;
}

interface RunSql {
  sql: string;
  planKey: string | null;
}

/**
 * A run's statement: its records joined by SEPARATOR, their count and, for a run of
 * sort key values, the last row's key (`max` or `min` of the keys, as they come ordered).
 */
function runSqlOf(
  rowsSql: string,
  filterParams: readonly (string | number)[],
  key: { expr: string; last: 'max' | 'min' } | null,
): RunSql {
  const sql =
    key === null
      ? `SELECT CAST(group_concat(record, ',' || char(10)) AS BLOB), count(*)
      FROM (SELECT record ${rowsSql} LIMIT ?)`
      : `SELECT CAST(group_concat(record, ',' || char(10)) AS BLOB), count(*), ${key.last}(sort_key)
      FROM (SELECT record, ${key.expr} AS sort_key ${rowsSql} LIMIT ?)`;
  return { sql, planKey: planCacheKey(sql, filterParams) };
}

/** `planValues`: the filter values, which pick the plan (see pinned-plans.ts). */
function readRun(
  db: WorkspaceDb,
  table: TableInfo,
  { sql, planKey }: RunSql,
  params: (string | number)[],
  planValues: (string | number)[],
  nulls: boolean,
): Run {
  const statement = plannedStatement(db, sql, table.storage, params, planValues, planKey);
  const [records, count, lastKey] = statement.raw(true).get(...params) as RunRow;
  return { records: records ?? NO_RECORDS, count, lastKey: lastKey ?? null, nulls };
}

function sortKeyExpression(target: SortTarget): string {
  if (target.kind === 'column') return `k${target.column.slot}`;
  return target.kind;
}

function whereClause(conditions: string[]): string {
  return conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
}

const RARE_ITEM_ROWS = 2000;
const rareItemCaches = new WeakMap<WorkspaceDb, Map<string, boolean>>();

/** Whether at most RARE_ITEM_ROWS records contain the item; the count stops early. */
function isRareItem(db: WorkspaceDb, table: TableInfo, slot: number, item: string): boolean {
  let cache = rareItemCaches.get(db);
  if (cache === undefined) {
    cache = db.cache<string, boolean>();
    rareItemCaches.set(db, cache);
  }
  const cacheKey = `${table.storage}\u0000${slot}\u0000${item}`;
  let rare = cache.get(cacheKey);
  if (rare === undefined) {
    const row = db
      .statement(
        `SELECT count(*) AS n FROM (SELECT 1 FROM ${table.itemsStorage} WHERE slot = ? AND item = ? LIMIT ${RARE_ITEM_ROWS + 1})`,
      )
      .get(slot, item) as { n: number };
    rare = row.n <= RARE_ITEM_ROWS;
    cache.set(cacheKey, rare);
  }
  return rare;
}

function addFilter(
  db: WorkspaceDb,
  table: TableInfo,
  filter: RecordFilter,
  sql: string[],
  params: (string | number)[],
): void {
  const key = `k${filter.column.slot}`;
  switch (filter.kind) {
    case 'equals':
      sql.push(`${key} = ?`);
      params.push(filter.key);
      return;
    case 'range':
      sql.push(`${key} >= ? AND ${key} < ?`);
      params.push(filter.from, filter.to);
      return;
    case 'contains':
      // A rare item drives the query from the side table; a common one is probed per
      // candidate row, so the sort index still leads and the scan stops at the limit.
      if (isRareItem(db, table, filter.column.slot, filter.item)) {
        sql.push(`rid IN (SELECT rid FROM ${table.itemsStorage} WHERE slot = ? AND item = ?)`);
      } else {
        sql.push(
          `EXISTS (SELECT 1 FROM ${table.itemsStorage} AS i WHERE i.rid = ${table.storage}.rid AND i.slot = ? AND i.item = ?)`,
        );
      }
      params.push(filter.column.slot, filter.item);
      return;
    case 'empty':
      if (filter.emptyKey === null) {
        sql.push(`${key} IS NULL`);
      } else {
        sql.push(`(${key} IS NULL OR ${key} = ?)`);
        params.push(filter.emptyKey);
      }
      return;
  }
}
