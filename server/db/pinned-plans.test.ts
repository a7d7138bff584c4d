import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PINNED_VARIANTS, plannedStatement } from './pinned-plans';
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
    // Asked once: as written (a query asked once costs one statement, not three).
    expect(plannedStatement(db, SQL, 't', ['rare', 20], ['rare']).source).toBe(SQL);
    expect(plannedStatement(db, SQL, 't', ['common', 20], ['common']).source).toBe(SQL);
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
    for (let ask = 0; ask < 3; ask++) {
      const statement = plannedStatement(db, sql, 't', ['rare', 3, 20], ['rare', 3]);
      expect(statement.source).toBe(sql);
    }
  });

  it(`keeps at most ${MAX_PINNED_VARIANTS} pinned texts per query, whatever the values`, () => {
    // Five indexes the planner may each choose, by which value is rare.
    const wide = new WorkspaceDb(':memory:');
    const columns = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
    wide.sqlite.exec(`CREATE TABLE w (rid INTEGER PRIMARY KEY, id TEXT NOT NULL, ${columns.join(', ')});
      ${columns.map((c) => `CREATE INDEX w_${c} ON w(${c}, id);`).join('\n')}`);
    const insert = wide.sqlite.prepare(
      `INSERT INTO w (id, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
    );
    wide.sqlite.transaction(() => {
      for (let i = 0; i < 6000; i++) {
        insert.run(`r${i}`, ...columns.map((_, c) => (i % 1000 === c ? 'rare' : 'common')));
      }
    })();
    wide.sqlite.exec('ANALYZE');
    const filtered = columns.slice(0, 5);
    const sql = `SELECT id FROM w WHERE ${filtered.map((c) => `${c} = ?`).join(' AND ')} ORDER BY c5, id LIMIT ?`;
    const texts = new Set<string>();
    for (const rareAt of filtered.keys()) {
      const values = filtered.map((_, c) => (c === rareAt ? 'rare' : 'common'));
      for (let ask = 0; ask < 2; ask++) {
        const statement = plannedStatement(wide, sql, 'w', [...values, 10], values);
        texts.add(statement.source);
        // Pinned or not, the same rows as the query as written.
        expect(statement.pluck().all(...values, 10)).toEqual(
          wide.sqlite
            .prepare(sql)
            .pluck()
            .all(...values, 10),
        );
      }
    }
    const pinned = [...texts].filter((text) => text.includes('INDEXED BY'));
    expect(pinned.length).toBe(MAX_PINNED_VARIANTS);
    expect(texts.has(sql)).toBe(true);
    wide.close();
  });
});
