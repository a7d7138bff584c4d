import { newUuid } from './ids';
import type { WorkspaceDb } from './workspace-db';

/**
 * A table's saved view (§3). Settings name columns, not column ids, as the product does:
 * a column renamed or deleted after the view was saved leaves a name that no longer
 * matches, which readers skip rather than fail on.
 */
export interface ViewSettings {
  /** Visible column names, in order. */
  columns: string[];
  /** Column name → width in CSS pixels. */
  widths: Record<string, number>;
  /** `<column>:<asc|desc>` or null. */
  sort: string | null;
  /** Column name → filter value, read as `filter[<column>]=<value>` would be. */
  filters: Record<string, string>;
}

export interface TableView {
  id: string;
  tableId: string;
  name: string;
  viewType: 'grid';
  settings: ViewSettings;
  isDefault: boolean;
}

export interface ViewSpec {
  id?: string;
  name: string;
  settings: ViewSettings;
  isDefault?: boolean;
}

/** Adds views to a table in the order given (after any it has); at most one is the default. */
export function createTableViews(db: WorkspaceDb, tableId: string, views: ViewSpec[]): string[] {
  const insert = db.sqlite.prepare(
    `INSERT INTO ws_views (id, table_id, name, view_type, settings, is_default, order_index)
     VALUES (?, ?, ?, 'grid', ?, ?, ?)`,
  );
  const next = db.sqlite
    .prepare('SELECT coalesce(max(order_index), -1) + 1 AS n FROM ws_views WHERE table_id = ?')
    .get(tableId) as { n: number };
  const ids = db.sqlite.transaction(() =>
    views.map((view, index) => {
      const id = view.id ?? newUuid();
      insert.run(
        id,
        tableId,
        view.name,
        JSON.stringify(view.settings),
        view.isDefault ? 1 : 0,
        next.n + index,
      );
      return id;
    }),
  )();
  db.clearCaches();
  return ids;
}

interface ViewRow {
  id: string;
  table_id: string;
  name: string;
  settings: string;
  is_default: number;
}

/** The table's views in their saved order. Cached until the database changes. */
export function loadTableViews(db: WorkspaceDb, tableId: string): TableView[] {
  let cache = viewCaches.get(db);
  if (cache === undefined) {
    cache = db.cache<string, TableView[]>();
    viewCaches.set(db, cache);
  }
  const cached = cache.get(tableId);
  if (cached !== undefined) return cached;
  const rows = db
    .statement(
      `SELECT id, table_id, name, settings, is_default FROM ws_views
       WHERE table_id = ? ORDER BY order_index, id`,
    )
    .all(tableId) as ViewRow[];
  const views = rows.map(
    (row): TableView => ({
      id: row.id,
      tableId: row.table_id,
      name: row.name,
      viewType: 'grid',
      settings: settingsOf(row.settings),
      isDefault: row.is_default === 1,
    }),
  );
  cache.set(tableId, views);
  return views;
}

const viewCaches = new WeakMap<WorkspaceDb, Map<string, TableView[]>>();

/** Stored settings are read defensively: a view saved by another tool may lack a part. */
function settingsOf(json: string): ViewSettings {
  const raw = JSON.parse(json) as Partial<Record<keyof ViewSettings, unknown>>;
  const columns = Array.isArray(raw.columns)
    ? raw.columns.filter((c): c is string => typeof c === 'string')
    : [];
  const widths: Record<string, number> = {};
  if (isObject(raw.widths)) {
    for (const [name, width] of Object.entries(raw.widths)) {
      if (typeof width === 'number' && Number.isFinite(width)) widths[name] = width;
    }
  }
  const filters: Record<string, string> = {};
  if (isObject(raw.filters)) {
    for (const [name, value] of Object.entries(raw.filters)) {
      if (typeof value === 'string') filters[name] = value;
    }
  }
  return {
    columns,
    widths,
    sort: typeof raw.sort === 'string' ? raw.sort : null,
    filters,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
