import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export const SCHEMA_VERSION = 4;

/**
 * Metadata tables. Each workspace table's records live in their own SQL table
 * (`rec_<n>`, see user-tables.ts) so every user column gets a typed, indexed slot.
 */
/** Saved views of a workspace table (§3); also created by the version 3 migration. */
export const TABLE_VIEWS_SQL = `
CREATE TABLE IF NOT EXISTS ws_views (
  id TEXT PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES ws_tables(id),
  name TEXT NOT NULL,
  view_type TEXT NOT NULL,
  settings TEXT NOT NULL,
  is_default INTEGER NOT NULL,
  order_index INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ws_views_table ON ws_views(table_id, order_index, id);
`;

const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_keys_name ON api_keys(name);

CREATE TABLE ws_tables (
  id TEXT PRIMARY KEY,
  alias_id TEXT NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  description TEXT,
  project_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  storage TEXT NOT NULL UNIQUE,
  next_slot INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ws_tables_list ON ws_tables(workspace_id, created_at, id);

CREATE TABLE ws_columns (
  id TEXT PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES ws_tables(id),
  name TEXT NOT NULL,
  description TEXT,
  type TEXT NOT NULL,
  settings TEXT,
  order_index INTEGER NOT NULL,
  required INTEGER NOT NULL,
  default_value TEXT,
  is_primary INTEGER NOT NULL,
  slot INTEGER NOT NULL,
  UNIQUE (table_id, name)
);

${TABLE_VIEWS_SQL}
CREATE TABLE skills (
  id TEXT PRIMARY KEY,
  alias_id TEXT NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  description TEXT,
  content_text TEXT,
  linked_entities TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX skills_list ON skills(workspace_id, created_at, id);

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  alias_id TEXT NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  description TEXT,
  icon TEXT,
  color TEXT,
  lead_id TEXT,
  status TEXT NOT NULL,
  is_private INTEGER NOT NULL,
  start_date TEXT,
  end_date TEXT,
  target_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_list ON projects(workspace_id, created_at, id);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  priority TEXT NOT NULL,
  project_id TEXT,
  assignee_user_id TEXT,
  assignee_bot_id TEXT,
  due_at TEXT,
  event_at TEXT,
  body_md TEXT,
  output_md TEXT,
  decision TEXT,
  decision_reason TEXT,
  tags TEXT,
  start_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX tasks_list ON tasks(workspace_id, created_at, id);
CREATE INDEX tasks_by_status ON tasks(workspace_id, status, created_at, id);
CREATE INDEX tasks_by_project ON tasks(workspace_id, project_id, created_at, id);

CREATE TABLE pages (
  id TEXT PRIMARY KEY,
  alias_id TEXT NOT NULL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  icon TEXT,
  project_id TEXT,
  parent_page_id TEXT,
  is_public INTEGER NOT NULL,
  description TEXT,
  content_text TEXT,
  cover_image_url TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX pages_list ON pages(workspace_id, created_at, id);

-- Sort keys too long to carry in a cursor, stored by their hash (cursors never expire).
CREATE TABLE cursor_keys (hash TEXT PRIMARY KEY, sort_key TEXT NOT NULL) WITHOUT ROWID;
`;

export function hasSchema(db: Database): boolean {
  const row = db
    .prepare("SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
    .get();
  return row !== undefined;
}

export function createSchema(db: Database): void {
  db.transaction(() => {
    db.exec(SCHEMA_SQL);
    const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    insertMeta.run('schema_version', String(SCHEMA_VERSION));
    insertMeta.run('cursor_secret', randomBytes(32).toString('hex'));
  })();
}

export function readMeta(db: Database, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    | { value: string }
    | undefined;
  return row?.value ?? null;
}

export function writeMeta(db: Database, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
