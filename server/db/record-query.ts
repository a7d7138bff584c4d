import type { ColumnDefinition } from './column-types';
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
 * Where a page ended: `nulls` tells which of the two runs (values, then nulls) the
 * last record was in, `key` its sort key, `id` the tie-breaker.
 */
export interface RecordPosition {
  nulls: boolean;
  key: SortKey;
  id: string;
}

export interface RecordPage {
  /** Each record already serialized as the contract's JSON object. */
  records: string[];
  /** Position of the last record returned, when more records follow. */
  next: RecordPosition | null;
}

/** [id, record, sort key]: rows come back as arrays (`raw`), cheaper than one object per row. */
type RecordRow = [id: string, record: string, sortKey: SortKey];

/**
 * One page in keyset order (sort key, id). Nulls come last in both directions, so a
 * page is read from two runs: the non-null keys, served by the (key, id) index in
 * either direction, then the null keys, served by the same index with key IS NULL.
 * One row past the limit is read so `next` is null exactly when nothing follows.
 */
export function queryRecordPage(
  db: WorkspaceDb,
  table: TableInfo,
  query: { sort: RecordSort; filters: RecordFilter[]; after: RecordPosition | null; limit: number },
): RecordPage {
  const keyExpr = sortKeyExpression(query.sort.target);
  const nullable = query.sort.target.kind === 'column';
  const asc = query.sort.direction === 'asc';
  const filterSql: string[] = [];
  const filterParams: (string | number)[] = [];
  for (const filter of query.filters) addFilter(db, table, filter, filterSql, filterParams);

  const wanted = query.limit + 1;
  const rows: RecordRow[] = [];
  const after = query.after;
  if (after === null || !after.nulls) {
    const where = [...filterSql];
    const params: (string | number)[] = [...filterParams];
    if (nullable) where.push(`${keyExpr} IS NOT NULL`);
    if (after !== null && after.key !== null) {
      where.push(`(${keyExpr}, id) ${asc ? '>' : '<'} (?, ?)`);
      params.push(after.key, after.id);
    }
    const direction = asc ? 'ASC' : 'DESC';
    const sql = `SELECT id, record, ${keyExpr} AS sort_key FROM ${table.storage}
      ${whereClause(where)} ORDER BY ${keyExpr} ${direction}, id ${direction} LIMIT ?`;
    rows.push(
      ...(db
        .statement(sql)
        .raw(true)
        .all(...params, wanted) as RecordRow[]),
    );
  }
  if (nullable && rows.length < wanted) {
    const where = [...filterSql, `${keyExpr} IS NULL`];
    const params: (string | number)[] = [...filterParams];
    if (after?.nulls) {
      where.push(`id ${asc ? '>' : '<'} ?`);
      params.push(after.id);
    }
    const direction = asc ? 'ASC' : 'DESC';
    const sql = `SELECT id, record, NULL AS sort_key FROM ${table.storage}
      ${whereClause(where)} ORDER BY id ${direction} LIMIT ?`;
    rows.push(
      ...(db
        .statement(sql)
        .raw(true)
        .all(...params, wanted - rows.length) as RecordRow[]),
    );
  }

  const hasMore = rows.length > query.limit;
  const pageRows = hasMore ? rows.slice(0, query.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    records: pageRows.map((row) => row[1]),
    next:
      hasMore && last !== undefined ? { nulls: last[2] === null, key: last[2], id: last[0] } : null,
  };
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
