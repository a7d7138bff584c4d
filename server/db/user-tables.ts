import type { ColumnDefinition, ColumnSettings, ColumnType } from './column-types';
import { isArrayValued } from './column-types';
import { aliasOf, newUuid } from './ids';
import { containedValuesOf, sortKeyOf } from './sort-keys';
import type { WorkspaceDb } from './workspace-db';

export interface ColumnSpec {
  id?: string;
  name: string;
  type: ColumnType;
  description?: string | null;
  settings?: ColumnSettings | null;
  required?: boolean;
  defaultValue?: unknown;
  isPrimary?: boolean;
}

export interface TableSpec {
  id?: string;
  aliasId?: string;
  workspaceId: string;
  name: string;
  description?: string | null;
  projectId?: string | null;
  createdAt: string;
  updatedAt?: string;
  columns: ColumnSpec[];
}

export interface TableInfo {
  id: string;
  aliasId: string;
  workspaceId: string;
  name: string;
  description: string | null;
  projectId: string | null;
  createdAt: string;
  updatedAt: string;
  /** SQL names, never user input: `rec_<n>` and `rec_<n>_items`. */
  storage: string;
  itemsStorage: string;
  columns: ColumnDefinition[];
  columnsByName: Map<string, ColumnDefinition>;
}

export interface RecordInput {
  id?: string;
  /** Column name → value, as it will be returned; unknown names are dropped. */
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt?: string;
}

const STORAGE_NAME = /^rec_[0-9]+$/;

/**
 * Creates a workspace table with one SQL table for its records: a typed sort/filter key
 * per user column (`k<slot>`), the whole record as the contract's JSON (served as stored,
 * so a page is a join of strings), and a side table
 * of (slot, item, record) for containment filters on array-valued columns.
 * Indexes can be deferred so a bulk seed inserts first and indexes once.
 */
export function createUserTable(
  db: WorkspaceDb,
  spec: TableSpec,
  options: { deferIndexes?: boolean } = {},
): TableInfo {
  const sqlite = db.sqlite;
  const id = spec.id ?? newUuid();
  const next = sqlite.prepare('SELECT coalesce(max(rowid), 0) + 1 AS n FROM ws_tables').get() as {
    n: number;
  };
  const storage = `rec_${next.n}`;
  const slots = spec.columns.map((_, slot) => `k${slot}`);
  const run = sqlite.transaction(() => {
    sqlite
      .prepare(
        `INSERT INTO ws_tables (id, alias_id, workspace_id, name, description, project_id,
           created_at, updated_at, storage, next_slot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        spec.aliasId ?? aliasOf(id),
        spec.workspaceId,
        spec.name,
        spec.description ?? null,
        spec.projectId ?? null,
        spec.createdAt,
        spec.updatedAt ?? spec.createdAt,
        storage,
        spec.columns.length,
      );
    const insertColumn = sqlite.prepare(
      `INSERT INTO ws_columns (id, table_id, name, description, type, settings, order_index,
         required, default_value, is_primary, slot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    spec.columns.forEach((column, slot) => {
      insertColumn.run(
        column.id ?? newUuid(),
        id,
        column.name,
        column.description ?? null,
        column.type,
        column.settings ? JSON.stringify(column.settings) : null,
        slot,
        column.required ? 1 : 0,
        column.defaultValue === undefined ? null : JSON.stringify(column.defaultValue),
        column.isPrimary ? 1 : 0,
        slot,
      );
    });
    // Key columns are declared without a type so SQLite keeps each value's own type.
    const keyColumns = slots.map((slot) => `, ${slot}`).join('');
    sqlite.exec(
      `CREATE TABLE ${storage} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,
         created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, record TEXT NOT NULL${keyColumns});
       CREATE TABLE ${storage}_items (slot INTEGER NOT NULL, item TEXT NOT NULL,
         rid INTEGER NOT NULL, PRIMARY KEY (slot, item, rid)) WITHOUT ROWID;`,
    );
  });
  run();
  db.clearCaches();
  const table = loadTable(db, id);
  if (table === null) throw new Error('The table just created could not be read back.');
  if (!options.deferIndexes) createRecordIndexes(db, table);
  return table;
}

const MAX_CATEGORY_COMPOSITES = 3;

/**
 * One index per sortable key on (key, id): serves the sort, the keyset seek and equality
 * filters. SELECT columns also lead a composite index with every other key, because
 * "one status, sorted by anything" is the grid's most common view and a rare status would
 * otherwise mean scanning the sort index through many rows of other statuses. Only the
 * first few SELECT columns do: the composites grow with SELECT columns × keys, and a wide
 * table (80 questions, 20 of them choices) would otherwise carry 1,600 indexes that every
 * insert updates.
 */
export function createRecordIndexes(db: WorkspaceDb, table: TableInfo): void {
  const s = table.storage;
  const keys = [
    { name: 'created', expr: 'created_at' },
    { name: 'updated', expr: 'updated_at' },
    ...table.columns.map((c) => ({ name: `k${c.slot}`, expr: `k${c.slot}` })),
  ];
  const statements = [
    `CREATE INDEX IF NOT EXISTS ${s}_items_rid ON ${s}_items(rid, slot, item)`,
    ...keys.map((k) => `CREATE INDEX IF NOT EXISTS ${s}_${k.name} ON ${s}(${k.expr}, id)`),
  ];
  const categories = table.columns.filter((c) => c.type === 'SELECT');
  for (const category of categories.slice(0, MAX_CATEGORY_COMPOSITES)) {
    for (const key of keys) {
      if (key.name === `k${category.slot}`) continue;
      statements.push(
        `CREATE INDEX IF NOT EXISTS ${s}_k${category.slot}_${key.name} ON ${s}(k${category.slot}, ${key.expr}, id)`,
      );
    }
  }
  for (const sql of statements) db.sqlite.exec(sql);
}

interface TableRow {
  id: string;
  alias_id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  project_id: string | null;
  created_at: string;
  updated_at: string;
  storage: string;
}

interface ColumnRow {
  id: string;
  name: string;
  description: string | null;
  type: ColumnType;
  settings: string | null;
  order_index: number;
  required: number;
  default_value: string | null;
  is_primary: number;
  slot: number;
}

/** The table with its columns, or null. Cached until the database changes. */
export function loadTable(db: WorkspaceDb, tableId: string): TableInfo | null {
  const cache = tableCacheOf(db);
  const cached = cache.get(tableId);
  if (cached !== undefined) return cached;
  const row = db.statement('SELECT * FROM ws_tables WHERE id = ?').get(tableId) as
    | TableRow
    | undefined;
  if (row === undefined) return null;
  if (!STORAGE_NAME.test(row.storage)) throw new Error('A table has an invalid storage name.');
  const columnRows = db
    .statement('SELECT * FROM ws_columns WHERE table_id = ? ORDER BY order_index, slot')
    .all(tableId) as ColumnRow[];
  const columns: ColumnDefinition[] = columnRows.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    type: c.type,
    settings: c.settings === null ? null : (JSON.parse(c.settings) as ColumnSettings),
    orderIndex: c.order_index,
    required: c.required === 1,
    defaultValue: c.default_value === null ? null : (JSON.parse(c.default_value) as unknown),
    isPrimary: c.is_primary === 1,
    slot: c.slot,
  }));
  const table: TableInfo = {
    id: row.id,
    aliasId: row.alias_id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    projectId: row.project_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    storage: row.storage,
    itemsStorage: `${row.storage}_items`,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
  };
  cache.set(tableId, table);
  return table;
}

const tableCaches = new WeakMap<WorkspaceDb, Map<string, TableInfo>>();

function tableCacheOf(db: WorkspaceDb): Map<string, TableInfo> {
  let cache = tableCaches.get(db);
  if (cache === undefined) {
    cache = db.cache<string, TableInfo>();
    tableCaches.set(db, cache);
  }
  return cache;
}

/** Returns a function that inserts one record; call it inside a transaction for bulk. */
export function recordInserter(db: WorkspaceDb, table: TableInfo): (record: RecordInput) => string {
  const slots = table.columns.map((c) => `k${c.slot}`);
  const insertRecord = db.sqlite.prepare(
    `INSERT INTO ${table.storage} (id, created_at, updated_at, record${slots.map((s) => `, ${s}`).join('')})
     VALUES (?, ?, ?, ?${slots.map(() => ', ?').join('')})`,
  );
  const insertItem = db.sqlite.prepare(
    `INSERT OR IGNORE INTO ${table.itemsStorage} (slot, item, rid) VALUES (?, ?, ?)`,
  );
  const arrayColumns = table.columns.filter((c) => isArrayValued(c));
  return (record) => {
    const id = record.id ?? newUuid();
    const { json, keys } = encodeFields(table, record.fields);
    const createdAt = Date.parse(record.createdAt);
    const updatedAt = Date.parse(record.updatedAt ?? record.createdAt);
    const result = insertRecord.run(
      id,
      createdAt,
      updatedAt,
      recordJsonOf(id, json, createdAt, updatedAt),
      ...keys,
    );
    for (const column of arrayColumns) {
      for (const item of containedValuesOf(record.fields[column.name])) {
        insertItem.run(column.slot, item, result.lastInsertRowid);
      }
    }
    return id;
  };
}

export function insertRecords(db: WorkspaceDb, table: TableInfo, records: RecordInput[]): string[] {
  const insert = recordInserter(db, table);
  const ids = db.sqlite.transaction(() => records.map((record) => insert(record)))();
  db.clearCaches();
  return ids;
}

/** Replaces a record's fields (as an edit in the product would) and bumps updated_at. */
export function updateRecord(
  db: WorkspaceDb,
  table: TableInfo,
  id: string,
  fields: Record<string, unknown>,
  updatedAt: string,
): void {
  const slots = table.columns.map((c) => `k${c.slot}`);
  const { json, keys } = encodeFields(table, fields);
  db.sqlite.transaction(() => {
    const row = db.sqlite
      .prepare(`SELECT rid, created_at FROM ${table.storage} WHERE id = ?`)
      .get(id) as { rid: number; created_at: number } | undefined;
    if (row === undefined) throw new Error('No such record.');
    db.sqlite
      .prepare(
        `UPDATE ${table.storage} SET updated_at = ?, record = ?${slots.map((s) => `, ${s} = ?`).join('')} WHERE rid = ?`,
      )
      .run(
        Date.parse(updatedAt),
        recordJsonOf(id, json, row.created_at, Date.parse(updatedAt)),
        ...keys,
        row.rid,
      );
    db.sqlite.prepare(`DELETE FROM ${table.itemsStorage} WHERE rid = ?`).run(row.rid);
    const insertItem = db.sqlite.prepare(
      `INSERT OR IGNORE INTO ${table.itemsStorage} (slot, item, rid) VALUES (?, ?, ?)`,
    );
    for (const column of table.columns.filter((c) => isArrayValued(c))) {
      for (const item of containedValuesOf(fields[column.name])) {
        insertItem.run(column.slot, item, row.rid);
      }
    }
  })();
  db.clearCaches();
}

/** The record as §3 shows it, built once at write time. */
function recordJsonOf(
  id: string,
  fieldsJson: string,
  createdMs: number,
  updatedMs: number,
): string {
  const created = new Date(createdMs).toISOString();
  const updated = new Date(updatedMs).toISOString();
  return `{"id":${JSON.stringify(id)},"fields":${fieldsJson},"created_at":"${created}","updated_at":"${updated}"}`;
}

function encodeFields(
  table: TableInfo,
  fields: Record<string, unknown>,
): { json: string; keys: (string | number | null)[] } {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (table.columnsByName.has(name) && value !== undefined) kept[name] = value;
  }
  return {
    json: JSON.stringify(kept),
    keys: table.columns.map((column) => sortKeyOf(column, fields[column.name])),
  };
}
