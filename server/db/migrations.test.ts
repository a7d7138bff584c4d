import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      old.initialize((fresh) => {
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
      expect(reopened.initialize(() => {})).toBe(false);
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
