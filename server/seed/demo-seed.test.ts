import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initializeWorkspaceDb } from '../db/initialize';
import { loadTable } from '../db/user-tables';
import { WorkspaceDb } from '../db/workspace-db';
import {
  HOSTILE_SKILL_ID,
  SURVEY_QUESTION_COUNT,
  SURVEY_RESPONSE_COUNT,
  seedDemo,
  TABLE_IDS,
  WORKSPACES,
} from './demo-seed';

/** docs/demo-data.md promises stable ids and a deterministic seed; tests elsewhere rely on it. */
function seededDigest(orders: number): { digest: string; firstOrders: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'wds-seed-'));
  const db = new WorkspaceDb(join(dir, 'seed.sqlite'));
  try {
    initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders }));
    const hash = createHash('sha256');
    for (const tableId of Object.values(TABLE_IDS)) {
      const table = loadTable(db, tableId);
      if (table === null) throw new Error(`missing table ${tableId}`);
      const rows = db.sqlite
        .prepare(`SELECT id, created_at, updated_at, record FROM ${table.storage} ORDER BY rid`)
        .all();
      hash.update(JSON.stringify(rows));
    }
    for (const kind of ['skills', 'tasks', 'pages', 'projects']) {
      hash.update(JSON.stringify(db.sqlite.prepare(`SELECT * FROM ${kind} ORDER BY id`).all()));
    }
    const orderTable = loadTable(db, TABLE_IDS.orders);
    const firstOrders = db.sqlite
      .prepare(`SELECT id FROM ${orderTable?.storage} ORDER BY created_at, id LIMIT 2`)
      .all()
      .map((row) => (row as { id: string }).id);
    return { digest: hash.digest('hex'), firstOrders };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('demo seed', () => {
  it('is deterministic, with the ids docs/demo-data.md lists', () => {
    const a = seededDigest(40);
    const b = seededDigest(40);
    expect(a.digest).toBe(b.digest);
    expect(WORKSPACES.acme.id).toBe('c56d789b-dbb5-40fc-8cd3-0ec826234d70');
    expect(TABLE_IDS.orders).toBe('79b22533-8737-40ed-8ed7-6ca83150e2bd');
    expect(TABLE_IDS.kitchenSink).toBe('ad13d649-3ffd-4ef8-ac49-3626eb22eb0b');
    expect(TABLE_IDS.archive).toBe('4e5d5694-dc0f-4cb6-a76b-81896838aacb');
    expect(HOSTILE_SKILL_ID).toBe('55a6fd5d-c92a-4156-8767-173adbaa8e88');
    // Order #n is the same record at any size: the first page starts the same.
    expect(a.firstOrders).toEqual([
      '95a7e55e-10b2-40e3-ae96-68167be1c609',
      'bdceeae9-6027-4552-b549-cdf3944f0db0',
    ]);
  });

  it('gives customers names with their capitals and addresses with every letter, in ASCII', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-seed-'));
    const db = new WorkspaceDb(join(dir, 'seed.sqlite'));
    try {
      initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders: 0 }));
      const customers = loadTable(db, TABLE_IDS.customers);
      const fields = (
        db.sqlite.prepare(`SELECT record FROM ${customers?.storage}`).pluck().all() as string[]
      ).map((record) => (JSON.parse(record) as { fields: { name: string; email: string } }).fields);
      expect(fields).toHaveLength(300);
      for (const { name, email } of fields) {
        expect(name.charAt(0), name).toBe(name.charAt(0).toLocaleUpperCase('en'));
        expect(email, name).toMatch(/^[a-z]+\.[a-z]+\d+@example\.com$/);
      }
      const unal = fields.find(({ name }) => name.endsWith(' Ünal'));
      expect(unal?.email).toMatch(/\.unal\d+@/);
      const emile = fields.find(({ name }) => name.startsWith('Émile '));
      expect(emile?.email).toMatch(/^emile\./);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a table wider than any screen, whose indexes stay linear in its columns', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wds-seed-'));
    const db = new WorkspaceDb(join(dir, 'seed.sqlite'));
    try {
      initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders: 10 }));
      const survey = loadTable(db, TABLE_IDS.survey);
      expect(survey?.name).toBe('Survey responses');
      expect(survey?.columns).toHaveLength(SURVEY_QUESTION_COUNT + 2);
      const count = db.sqlite.prepare(`SELECT count(*) FROM ${survey?.storage}`).pluck().get();
      expect(count).toBe(SURVEY_RESPONSE_COUNT);
      // One index a key, plus the "one choice, sorted by anything" composites of a few
      // SELECT columns: not SELECT columns × keys (20 × 84 here), which every insert pays.
      const indexes = db.sqlite
        .prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`)
        .pluck()
        .get(survey?.storage) as number;
      expect(indexes).toBeLessThan(4 * (SURVEY_QUESTION_COUNT + 4));
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
