import type { Database } from 'better-sqlite3';
import { readMeta, SCHEMA_VERSION, TABLE_VIEWS_SQL, writeMeta } from './schema';
import { createRecordIndexes, loadTable } from './user-tables';
import type { WorkspaceDb } from './workspace-db';

/**
 * Brings a database made by an earlier version of the server up to SCHEMA_VERSION, so
 * a developer's existing `.data/*.sqlite` keeps working after an upgrade.
 *
 * 2: records store the whole contract JSON (`record`) instead of only `fields`, and
 *    SELECT columns get composite indexes.
 * 3: tables' saved views (`ws_views`); a database seeded before has none.
 * 4: tasks gain start_at, output_md, decision, decision_reason; pages cover_image_url;
 *    projects icon, color, lead_id (null on existing rows: every one may be null); tasks
 *    get indexes for the status and project filters.
 */
export function migrate(db: WorkspaceDb): void {
  const sqlite = db.sqlite;
  const version = Number(readMeta(sqlite, 'schema_version') ?? '1');
  if (version >= SCHEMA_VERSION) return;
  sqlite
    .transaction(() => {
      if (version < 2) migrateToRecordJson(db);
      if (version < 3) sqlite.exec(TABLE_VIEWS_SQL);
      if (version < 4) migrateToResourceFields(sqlite);
      writeMeta(sqlite, 'schema_version', String(SCHEMA_VERSION));
    })
    .immediate();
  sqlite.exec('ANALYZE');
  db.clearCaches();
}

function migrateToRecordJson(db: WorkspaceDb): void {
  const sqlite = db.sqlite;
  const tables = sqlite.prepare('SELECT id, storage FROM ws_tables').all() as {
    id: string;
    storage: string;
  }[];
  for (const { id, storage } of tables) {
    if (hasColumn(sqlite, storage, 'fields')) {
      sqlite.exec(`ALTER TABLE ${storage} RENAME COLUMN fields TO record`);
      sqlite.exec(
        `UPDATE ${storage} SET record = '{"id":' || json_quote(id) || ',"fields":' || record ||
               ',"created_at":"' || strftime('%Y-%m-%dT%H:%M:%fZ', created_at / 1000.0, 'unixepoch') ||
               '","updated_at":"' || strftime('%Y-%m-%dT%H:%M:%fZ', updated_at / 1000.0, 'unixepoch') || '"}'`,
      );
    }
    db.clearCaches();
    const table = loadTable(db, id);
    if (table !== null) createRecordIndexes(db, table);
  }
}

/** Columns added in version 4, by metadata table. */
export const ADDED_IN_4: Record<'tasks' | 'pages' | 'projects', string[]> = {
  tasks: ['start_at', 'output_md', 'decision', 'decision_reason'],
  pages: ['cover_image_url'],
  projects: ['icon', 'color', 'lead_id'],
};

function migrateToResourceFields(sqlite: Database): void {
  for (const [table, columns] of Object.entries(ADDED_IN_4)) {
    for (const column of columns) {
      if (!hasColumn(sqlite, table, column)) {
        sqlite.exec(`ALTER TABLE ${table} ADD COLUMN ${column} TEXT`);
      }
    }
  }
  sqlite.exec(
    'CREATE INDEX IF NOT EXISTS tasks_by_status ON tasks(workspace_id, status, created_at, id)',
  );
  sqlite.exec(
    'CREATE INDEX IF NOT EXISTS tasks_by_project ON tasks(workspace_id, project_id, created_at, id)',
  );
}

function hasColumn(sqlite: Database, table: string, column: string): boolean {
  const columns = sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as {
    name: string;
  }[];
  return columns.some((c) => c.name === column);
}
