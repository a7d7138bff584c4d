import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { defaultServerConfig } from '../config';
import { PAGE_IDS, PROJECT_IDS, seedDemo, WORKSPACES } from '../seed/demo-seed';
import { createApiKey, SCOPES } from './api-keys';
import { initializeWorkspaceDb } from './initialize';
import { ADDED_IN_4 } from './migrations';
import { readMeta, SCHEMA_VERSION, writeMeta } from './schema';
import { createTableViews, loadTableViews } from './table-views';
import { createUserTable } from './user-tables';
import { WorkspaceDb } from './workspace-db';

describe('migrations', () => {
  it('a version 2 database (before saved views) opens with an empty views store', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-migrate-'));
    const file = join(dir, 'old.sqlite');
    try {
      const old = new WorkspaceDb(file);
      let tableId = '';
      initializeWorkspaceDb(old, (fresh) => {
        fresh.sqlite
          .prepare("INSERT INTO workspaces (id, slug, name) VALUES ('w', 'w', 'W')")
          .run();
        tableId = createUserTable(fresh, {
          workspaceId: 'w',
          name: 'Old',
          createdAt: '2026-01-01T00:00:00.000Z',
          columns: [{ name: 'title', type: 'TEXT' }],
        }).id;
      });
      old.sqlite.exec('DROP TABLE ws_views');
      writeMeta(old.sqlite, 'schema_version', '2');
      old.close();

      const reopened = new WorkspaceDb(file);
      expect(initializeWorkspaceDb(reopened, () => {})).toBe(false);
      expect(readMeta(reopened.sqlite, 'schema_version')).toBe(String(SCHEMA_VERSION));
      expect(loadTableViews(reopened, tableId)).toEqual([]);
      createTableViews(reopened, tableId, [
        { name: 'Mine', settings: { columns: ['title'], widths: {}, sort: null, filters: {} } },
      ]);
      expect(loadTableViews(reopened, tableId).map((v) => v.name)).toEqual(['Mine']);
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database as version 3 of the server left it: no columns added in 4. */
function versionThreeDatabase(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wds-migrate-'));
  dirs.push(dir);
  const file = join(dir, 'old.sqlite');
  const db = new WorkspaceDb(file);
  initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders: 10 }));
  db.sqlite.exec('DROP INDEX tasks_by_status; DROP INDEX tasks_by_project;');
  for (const [table, columns] of Object.entries(ADDED_IN_4)) {
    for (const column of columns) db.sqlite.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  }
  db.sqlite.prepare("UPDATE meta SET value = '3' WHERE key = 'schema_version'").run();
  db.close();
  return file;
}

describe('migration to schema 4', () => {
  it('adds the task, page and project fields to an existing database, null on old rows, and the API serves them', async () => {
    const file = versionThreeDatabase();
    const db = new WorkspaceDb(file);
    try {
      expect(initializeWorkspaceDb(db, () => undefined)).toBe(false);
      expect(readMeta(db.sqlite, 'schema_version')).toBe(String(SCHEMA_VERSION));
      const app = createApp({ db, config: defaultServerConfig() });
      const key = createApiKey(db, {
        workspaceId: WORKSPACES.acme.id,
        name: 't',
        scopes: [...SCOPES],
      });
      const get = async (path: string) => {
        const response = await app.request(`/api/public/v1${path}`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        expect(response.status, path).toBe(200);
        return (await response.json()) as Record<string, unknown>;
      };
      const tasks = (await get('/tasks?status=done&limit=1')).tasks as { id: string }[];
      expect(await get(`/tasks/${tasks[0]?.id}`)).toMatchObject({
        status: 'done',
        start_at: null,
        output_md: null,
        decision: null,
        decision_reason: null,
      });
      expect(await get(`/pages/${PAGE_IDS.handbook}`)).toMatchObject({ cover_image_url: null });
      expect(await get(`/projects/${PROJECT_IDS.acmeWebsite}`)).toMatchObject({
        icon: null,
        color: null,
        lead_id: null,
      });
      // The filter indexes exist again.
      const indexes = db.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tasks'")
        .all()
        .map((row) => (row as { name: string }).name);
      expect(indexes).toEqual(expect.arrayContaining(['tasks_by_status', 'tasks_by_project']));
    } finally {
      db.close();
    }
    // Opening again is a no-op.
    const again = new WorkspaceDb(file);
    expect(initializeWorkspaceDb(again, () => undefined)).toBe(false);
    again.close();
  });
});
