import { describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../seed/demo-seed';
import { fileTestServer } from '../testing/file-test-server';
import { q, recordsReader } from '../testing/records-reading';

const server = fileTestServer();

const reader = () => recordsReader(server);
const page = (tableId: string, query: string) => reader().page(tableId, query);
const all = (tableId: string, params: Record<string, string>, limit?: number) =>
  reader().all(tableId, params, limit);
const badRequestOf = (tableId: string, query: string) => reader().badRequestOf(tableId, query);

/** Cursors of a records list: followed to the end, refused anywhere else (CONTRACT §4). */

describe('§4 cursors', () => {
  const firstCursor = async (tableId: string, query: Record<string, string>) => {
    const body = await page(tableId, q({ ...query, limit: '2' }));
    expect(body.next_cursor).not.toBeNull();
    return body.next_cursor as string;
  };

  it('follows to the end with each record once', async () => {
    const records = await all(TABLE_IDS.orders, { sort: 'notes:asc' }, 37);
    expect(records).toHaveLength(300);
    expect(new Set(records.map((r) => r.id)).size).toBe(300);
  });

  it.each([
    [
      'flipped character',
      (c: string) => `${c.slice(0, 5)}${c[5] === 'A' ? 'B' : 'A'}${c.slice(6)}`,
      {},
    ],
    [
      'flipped last character',
      (c: string) => `${c.slice(0, -1)}${c.at(-1) === 'A' ? 'B' : 'A'}`,
      {},
    ],
    ['truncated', (c: string) => c.slice(0, c.length - 3), {}],
    ['cut at the dot', (c: string) => c.slice(0, c.indexOf('.')), {}],
    ['garbage', () => 'not-a-cursor', {}],
    ['empty', () => '', {}],
    ['another sort', (c: string) => c, { sort: 'amount:asc' }],
    ['another direction', (c: string) => c, { sort: 'amount:desc' }],
    ['another filter', (c: string) => c, { 'filter[status]': 'paid' }],
    [
      'another filter value',
      (c: string) => c,
      { sort: 'amount:desc', 'filter[status]': 'shipped' },
    ],
  ] as const)('%s → 400 invalid_cursor', async (_, tamper, otherQuery) => {
    const cursor = await firstCursor(TABLE_IDS.orders, {
      sort: 'amount:desc',
      'filter[status]': 'paid',
    });
    const query =
      Object.keys(otherQuery).length > 0
        ? otherQuery
        : { sort: 'amount:desc', 'filter[status]': 'paid' };
    const error = await badRequestOf(TABLE_IDS.orders, q({ ...query, cursor: tamper(cursor) }));
    expect(error.details).toEqual({ param: 'cursor', reason: 'invalid_cursor' });
  });

  it('a cursor from another table or another list is refused', async () => {
    const fromCustomers = await firstCursor(TABLE_IDS.customers, {});
    expect(
      (await badRequestOf(TABLE_IDS.orders, q({ cursor: fromCustomers }))).details?.reason,
    ).toBe('invalid_cursor');
    const skills = (await (await server.get('/v1/skills?limit=1')).json()) as {
      next_cursor: string;
    };
    expect(
      (await badRequestOf(TABLE_IDS.orders, q({ cursor: skills.next_cursor }))).details?.reason,
    ).toBe('invalid_cursor');
    const tasks = await server.get(
      `/api/public/v1/tasks?cursor=${encodeURIComponent(skills.next_cursor)}`,
    );
    expect(tasks.status).toBe(400);
    const filteredTasks = (await (
      await server.get('/api/public/v1/tasks?limit=1&status=done')
    ).json()) as { next_cursor: string };
    const unfiltered = await server.get(
      `/api/public/v1/tasks?cursor=${encodeURIComponent(filteredTasks.next_cursor)}`,
    );
    expect(((await unfiltered.json()) as { error: { details: unknown } }).error.details).toEqual({
      param: 'cursor',
      reason: 'invalid_cursor',
    });
  });

  it('a cursor is not readable by another workspace', async () => {
    const skills = (await (await server.get('/v1/skills?limit=1')).json()) as {
      next_cursor: string;
    };
    const response = await server.get(
      `/v1/skills?cursor=${encodeURIComponent(skills.next_cursor)}`,
      { key: server.globexKey },
    );
    expect(response.status).toBe(400);
  });
});
