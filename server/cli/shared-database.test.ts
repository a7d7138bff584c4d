import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import {
  createKey,
  dir,
  lastLine,
  STACK_LINE,
  startServer,
  tablesStatusWith,
} from './testing/cli-harness';

/** Servers and the key tool on one database file at once: one seeds, the others wait and share it. */

describe('CLI', () => {
  it('two servers started together on one empty file: one seeds while the other says it waits, then both serve; no stack trace', async () => {
    const shared = join(dir, 'shared.sqlite');
    // Hold the write lock first, as a third process would, so both are sure to meet it.
    const holder = new BetterSqlite3(shared);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    const args = ['--port', '0', '--db', shared, '--records', '5000'];
    const servers = [startServer(args), startServer(args)];
    await vi.waitFor(
      () => {
        for (const server of servers)
          expect(server.output()).toContain('Another process is preparing');
      },
      { timeout: 30_000, interval: 50 },
    );
    holder.exec('ROLLBACK');
    holder.close();
    const bases = await Promise.all(servers.map((server) => server.listening));
    // Exactly one of them seeded; the other waited for it and then served.
    expect(
      servers.filter((server) => server.output().includes('Seeded the demo data')),
    ).toHaveLength(1);

    // A key made while both serve works on both.
    const created = await createKey(shared, 'shared', 'tables:read');
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    for (const base of bases) expect(await tablesStatusWith(base, key)).toBe(200);
    for (const server of servers) {
      expect(await server.stop()).toBe(0);
      expect(server.output()).not.toMatch(STACK_LINE);
      expect(server.output()).not.toMatch(/error/i);
    }
  }, 120_000);
});
