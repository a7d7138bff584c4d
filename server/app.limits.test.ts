import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listApiKeys } from './db/api-keys';
import { DEFAULT_CACHE_LIMITS } from './db/workspace-db';
import { TABLE_IDS } from './seed/demo-seed';
import { V1 } from './testing/api-reading';
import { errorOf, startTestServer, type TestServer } from './testing/test-server';

/** The server under locks held by another process, and under requests made to exhaust it. */
const SINK_RECORDS = `${V1}/tables/${TABLE_IDS.kitchenSink}/records`;

const servers: TestServer[] = [];
function start(...args: Parameters<typeof startTestServer>): TestServer {
  const server = startTestServer(...args);
  servers.push(server);
  return server;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) server.close();
});

/** A made-up key of the right shape, different for each n. */
const madeUpKey = (n: number) => `svc_live_${n.toString(16).padStart(48, '0')}`;

async function followAll(server: TestServer, path: string, key?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const url = `${path}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const response = await server.get(url, key === undefined ? {} : { key });
    expect(response.status, url).toBe(200);
    const body = (await response.json()) as { records: { id: string }[]; next_cursor: string };
    ids.push(...body.records.map((r) => r.id));
    cursor = body.next_cursor;
  } while (cursor !== null);
  return ids;
}

describe('another process holds the write lock', () => {
  it('reads keep answering (also a first use of a key and a 10 kB sort key cursor); last-used is written once the lock is free', async () => {
    const server = start({ config: { lastUsedFlushMs: 10 } });
    const freshKey = server.key('acme', ['tables:read', 'skills:read'], 'fresh');
    const sortedByLongText = `${SINK_RECORDS}?sort=${encodeURIComponent('Long text:desc')}&limit=1`;
    const unlocked = await followAll(server, sortedByLongText);

    const writer = new BetterSqlite3(join(server.dir, 'test.sqlite'));
    try {
      writer.exec('BEGIN IMMEDIATE');
      writer.prepare("UPDATE meta SET value = value WHERE key = 'cursor_secret'").run();
      // Any write on a request's path would now fail after the short lock wait.
      for (const path of [
        `${V1}/tables`,
        '/v1/skills?limit=5',
        `${V1}/tables/${TABLE_IDS.orders}`,
      ]) {
        expect((await server.get(path, { key: freshKey })).status, path).toBe(200);
      }
      expect(await followAll(server, sortedByLongText, freshKey)).toEqual(unlocked);
      expect(listApiKeys(server.db).find((k) => k.name === 'fresh')?.lastUsedAt).toBeNull();
      writer.exec('COMMIT');
    } finally {
      writer.close();
    }
    await vi.waitFor(() =>
      expect(listApiKeys(server.db).find((k) => k.name === 'fresh')?.lastUsedAt).not.toBeNull(),
    );
  });

  it('a read that stays locked out answers 503 service_unavailable with Retry-After, never 500', async () => {
    const server = start({ orders: 0 });
    // Fault injection: WAL lets reads through every real lock we can take from a test, so
    // the lock error SQLite raises when a read cannot get in is thrown where a read starts.
    vi.spyOn(server.db, 'refreshIfChanged').mockImplementation(() => {
      throw new BetterSqlite3.SqliteError('database is locked', 'SQLITE_BUSY');
    });
    const response = await server.get(`${V1}/tables`);
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const error = await errorOf(response);
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toMatch(/try again/i);
    expect(error.message).not.toMatch(/SQLITE|database is locked/);
  });
});

describe('bounded memory', () => {
  it('caches stay bounded under distinct made-up keys, 8 kB filter values and sort/filter combinations', async () => {
    const server = start({
      orders: 0,
      config: { authFailureBurst: 1_000_000, authFailuresPerMinute: 1_000_000 },
    });
    const bound = DEFAULT_CACHE_LIMITS;
    for (let n = 0; n < bound.maxEntries + 2_000; n++) {
      const response = await server.get(`${V1}/tables`, { key: madeUpKey(n) });
      expect(response.status).toBe(401);
    }
    const afterKeys = server.db.cacheStats();
    expect(afterKeys.entries).toBeLessThanOrEqual(bound.maxEntries + 100);

    for (let n = 0; n < 700; n++) {
      const value = `${n}-${'v'.repeat(8 * 1024)}`;
      const response = await server.get(
        `${SINK_RECORDS}?filter[Choices]=${encodeURIComponent(value)}`,
      );
      expect(response.status).toBe(200);
    }
    const afterValues = server.db.cacheStats();
    expect(afterValues.bytes).toBeLessThanOrEqual(afterValues.caches * bound.maxBytes);
    // 700 values of 16 kB (UTF-16) would be 11 MB in one cache; each is bounded at 8 MB
    // (plus a few small entries the requests add to other caches).
    expect(afterValues.bytes - afterKeys.bytes).toBeLessThanOrEqual(bound.maxBytes + 64 * 1024);

    const columns = ['Title', 'Email', 'Phone', 'Link', 'Number', 'Done', 'When', 'Choice'];
    const sorts = [...columns, 'created_at', 'updated_at'].flatMap((c) => [
      `${c}:asc`,
      `${c}:desc`,
    ]);
    let combinations = 0;
    for (const sort of sorts) {
      for (const a of columns) {
        for (const b of columns) {
          if (a === b) continue;
          const filters = `filter[${a}]=&filter[${encodeURIComponent(b)}]=`;
          const response = await server.get(
            `${SINK_RECORDS}?sort=${encodeURIComponent(sort)}&${filters}`,
          );
          expect(response.status).toBe(200);
          combinations += 1;
        }
      }
    }
    expect(combinations).toBeGreaterThan(1000);
    expect(server.db.cacheStats().statements).toBeLessThanOrEqual(500);
  });

  it('the same filters in another order are the same statement', async () => {
    const server = start({ orders: 0 });
    const first = await server.get(`${SINK_RECORDS}?filter[Title]=a&filter[Email]=&sort=When`);
    expect(first.status).toBe(200);
    const statements = server.db.cacheStats().statements;
    const again = await server.get(`${SINK_RECORDS}?filter[Email]=&filter[Title]=b&sort=When`);
    expect(again.status).toBe(200);
    expect(server.db.cacheStats().statements).toBe(statements);
  });
});

describe('failed authentication', () => {
  const from = (server: TestServer, address: string, key: string | null) =>
    server.app.request(
      `${V1}/tables`,
      { headers: key === null ? {} : { Authorization: `Bearer ${key}` } },
      { incoming: { socket: { remoteAddress: address } } },
    );

  it('is limited per client address: 429 with Retry-After after the burst; keys in use keep working; other addresses unaffected', async () => {
    let now = 2_000_000;
    const server = start({
      orders: 0,
      config: { authFailureBurst: 5, authFailuresPerMinute: 60, now: () => now },
    });
    const unusedKey = server.key('acme', ['tables:read'], 'not-yet-used');
    expect((await from(server, '10.0.0.1', server.acmeKey)).status).toBe(200);
    for (let n = 0; n < 5; n++) {
      expect((await from(server, '10.0.0.1', madeUpKey(n))).status).toBe(401);
    }
    const refused = await from(server, '10.0.0.1', madeUpKey(99));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer');
    const error = await errorOf(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain('Wait 1 second,');
    expect((await from(server, '10.0.0.1', null)).status).toBe(429);
    // A key this address already used still works; one the server would have to look up waits.
    expect((await from(server, '10.0.0.1', server.acmeKey)).status).toBe(200);
    expect((await from(server, '10.0.0.1', unusedKey)).status).toBe(429);
    expect((await from(server, '10.0.0.2', madeUpKey(100))).status).toBe(401);
    now += 1_000;
    expect((await from(server, '10.0.0.1', unusedKey)).status).toBe(200);
  });

  it('logs a sample of 401 lines, and says how many were left out', async () => {
    let now = 3_000_000;
    const server = start({
      orders: 0,
      config: {
        logRequests: true,
        authFailureBurst: 1_000_000,
        authFailuresPerMinute: 1_000_000,
        now: () => now,
      },
    });
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    for (let n = 0; n < 500; n++) await server.get(`${V1}/tables`, { key: madeUpKey(n) });
    const unauthorized = lines.filter((line) => line.status === 401);
    expect(unauthorized.length).toBeGreaterThan(0);
    expect(unauthorized.length).toBeLessThanOrEqual(20);
    await server.get(`${V1}/tables`);
    expect(lines.at(-1)).toMatchObject({ status: 200 });
    now += 60_000;
    await server.get(`${V1}/tables`, { key: madeUpKey(1) });
    expect(lines.at(-1)).toMatchObject({
      status: 401,
      similar_not_logged: 500 - unauthorized.length,
    });
  });
});
