import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedStatement } from './pinned-plans';
import { WorkspaceDb } from './workspace-db';

/**
 * A table where one filter value is rare and another common: SQLite's statistics pick a
 * different index for each, and the pinned statements must keep exactly those choices.
 */
let db: WorkspaceDb;
const SQL = 'SELECT id FROM t WHERE a = ? ORDER BY b, id LIMIT ?';

beforeAll(() => {
  db = new WorkspaceDb(':memory:');
  db.sqlite.exec(`CREATE TABLE t (rid INTEGER PRIMARY KEY, id TEXT NOT NULL, a, b);
    CREATE INDEX t_a ON t(a, id); CREATE INDEX t_b ON t(b, id);`);
  const insert = db.sqlite.prepare('INSERT INTO t (id, a, b) VALUES (?, ?, ?)');
  db.sqlite.transaction(() => {
    for (let i = 0; i < 5000; i++) insert.run(`r${i}`, i % 500 === 0 ? 'rare' : 'common', i % 97);
  })();
  db.sqlite.exec('ANALYZE');
});
afterAll(() => db.close());

const unpinned = (value: string) => db.sqlite.prepare(SQL).pluck().all(value, 20);
const explain = (sql: string, value: string) =>
  (db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(value, 20) as { detail: string }[]).map(
    (row) => row.detail,
  );

describe('plannedStatement', () => {
  it('keeps the index the statistics chose for each filter value, with the same rows', () => {
    const rare = plannedStatement(db, SQL, 't', ['rare', 20], ['rare']);
    const common = plannedStatement(db, SQL, 't', ['common', 20], ['common']);
    expect(rare.source).toContain('INDEXED BY t_a');
    expect(common.source).toContain('INDEXED BY t_b');
    expect(explain(rare.source, 'rare')).toEqual(explain(SQL, 'rare'));
    expect(explain(common.source, 'common')).toEqual(explain(SQL, 'common'));
    expect(rare.pluck().all('rare', 20)).toEqual(unpinned('rare'));
    expect(common.pluck().all('common', 20)).toEqual(unpinned('common'));
  });

  it('runs the query as written when the plan cannot be pinned (an OR over two indexes)', () => {
    const sql = 'SELECT id FROM t WHERE a = ? OR b = ? LIMIT ?';
    const statement = plannedStatement(db, sql, 't', ['rare', 3, 20], ['rare', 3]);
    expect(statement.source).toBe(sql);
  });
});
