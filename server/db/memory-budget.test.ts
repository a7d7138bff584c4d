import { describe, expect, it } from 'vitest';
import { StatementReleases, statementBytes } from './memory-budget';
import { WorkspaceDb } from './workspace-db';

// Issue 19: statements dropped from the cache kept their SQLite memory until V8 happened
// to collect them (better-sqlite3 has no finalize): 412 MB idle after 20,000 queries.

describe('StatementReleases', () => {
  it('collects once the statements let go may hold its budget, after the current turn', async () => {
    const sql = 'SELECT 1';
    const releases = new StatementReleases(statementBytes(sql) * 3);
    releases.released(sql);
    releases.released(sql);
    expect(releases.pendingBytes).toBe(statementBytes(sql) * 2);
    releases.released(sql);
    releases.released(sql);
    // Not while a statement may still be running: once, on the next turn.
    expect(releases.collections).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases.collections).toBe(1);
    expect(releases.pendingBytes).toBe(0);
  });
});

describe('WorkspaceDb statements', () => {
  it('frees a statement dropped from the cache at the next collection', async () => {
    const db = new WorkspaceDb(':memory:');
    db.sqlite.exec('CREATE TABLE t (a, b)');
    const first = new WeakRef(db.statement('SELECT a FROM t WHERE b = ?'));
    // More distinct texts than the cache keeps: the first is dropped.
    for (let n = 0; n < 600; n++) db.statement(`SELECT a FROM t WHERE b = ${n}`);
    expect(db.cacheStats().statements).toBeLessThanOrEqual(500);
    const pending = db.releases.pendingBytes;
    expect(pending).toBeGreaterThan(0);
    // A WeakRef keeps its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    db.releases.collectNow();
    expect(first.deref()).toBeUndefined();
    expect(db.releases.collections).toBe(1);
    db.close();
  });

  it('counts a statement prepared for one use as released at once', () => {
    const db = new WorkspaceDb(':memory:');
    const sql = 'EXPLAIN QUERY PLAN SELECT 1';
    db.statementOnce(sql).all();
    expect(db.releases.pendingBytes).toBe(statementBytes(sql));
    expect(db.cacheStats().statements).toBe(0);
    db.close();
  });
});
