import { describe, expect, it } from 'vitest';
import { createTableViews } from '../db/table-views';
import { customerIdOf, TABLE_IDS } from '../seed/demo-seed';
import { VIEW_IDS } from '../seed/demo-views';
import { fileTestServer } from '../testing/file-test-server';
import { errorOf } from '../testing/test-server';

/** One record (§1) and saved views (§3, §4 `view`), as a client sees them. */
const server = fileTestServer();

const V1 = '/api/public/v1';

interface RecordJson {
  id: string;
  fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}
interface RecordsPage {
  records: RecordJson[];
  next_cursor: string | null;
}
interface ViewJson {
  id: string;
  name: string;
  view_type: string;
  settings: {
    columns: string[];
    widths: Record<string, number>;
    sort: string | null;
    filters: Record<string, string>;
  };
  is_default: boolean;
}

async function json<T>(path: string, key?: string): Promise<T> {
  const response = await server.get(path, key === undefined ? {} : { key });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function allRecords(tableId: string, params: Record<string, string>, limit = 7) {
  const out: RecordJson[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ ...params, limit: String(limit) });
    if (cursor !== null) query.set('cursor', cursor);
    const body: RecordsPage = await json(`${V1}/tables/${tableId}/records?${query}`);
    out.push(...body.records);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return out;
}

describe('GET /tables/{tableId}/records/{recordId}', () => {
  it("answers the record in the list's shape", async () => {
    const listed = await json<RecordsPage>(
      `${V1}/tables/${TABLE_IDS.customers}/records?filter%5Bcustomer_no%5D=1`,
    );
    const first = listed.records[0];
    expect(first?.id).toBe(customerIdOf(0));
    const one = await json<RecordJson>(`${V1}/tables/${TABLE_IDS.customers}/records/${first?.id}`);
    expect(one).toEqual(first);
    expect(Object.keys(one)).toEqual(['id', 'fields', 'created_at', 'updated_at']);
  });

  it.each([
    ['a record of another table', TABLE_IDS.orders, customerIdOf(0)],
    ['a malformed id', TABLE_IDS.customers, 'not-a-uuid'],
    ['a missing record', TABLE_IDS.customers, '00000000-0000-4000-8000-000000000000'],
    ["another workspace's table", TABLE_IDS.shipments, customerIdOf(0)],
  ])('%s is 404 not_found', async (_, tableId, recordId) => {
    const response = await server.get(`${V1}/tables/${tableId}/records/${recordId}`);
    expect(response.status).toBe(404);
    const error = await errorOf(response);
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/\w/);
  });

  it("another workspace's record is 404, and readable by its own workspace", async () => {
    const shipments = await json<RecordsPage>(
      `${V1}/tables/${TABLE_IDS.shipments}/records?limit=1`,
      server.globexKey,
    );
    const path = `${V1}/tables/${TABLE_IDS.shipments}/records/${shipments.records[0]?.id}`;
    expect((await server.get(path)).status).toBe(404);
    expect((await server.get(path, { key: server.globexKey })).status).toBe(200);
  });

  it('needs tables:read', async () => {
    const key = server.key('acme', ['skills:read']);
    const response = await server.get(
      `${V1}/tables/${TABLE_IDS.customers}/records/${customerIdOf(0)}`,
      { key },
    );
    expect(response.status).toBe(403);
    expect((await errorOf(response)).details).toEqual({
      reason: 'insufficient_scope',
      scope: 'tables:read',
    });
  });

  it('answers 405 to other methods', async () => {
    const response = await server.get(
      `${V1}/tables/${TABLE_IDS.customers}/records/${customerIdOf(0)}`,
      { method: 'DELETE' },
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('views on GET /tables/{tableId}', () => {
  it('lists the saved views in order, with settings and one default', async () => {
    const orders = await json<{ views: ViewJson[] }>(`${V1}/tables/${TABLE_IDS.orders}`);
    expect(orders.views.map((v) => [v.name, v.is_default, v.view_type])).toEqual([
      ['All orders', true, 'grid'],
      ['Paid, biggest first', false, 'grid'],
      ['Refunds', false, 'grid'],
    ]);
    expect(orders.views[1]).toEqual({
      id: VIEW_IDS.paidBiggestFirst,
      name: 'Paid, biggest first',
      view_type: 'grid',
      settings: {
        columns: ['order_no', 'customer', 'amount', 'ordered_at', 'status', 'tags'],
        widths: { order_no: 110, customer: 220, amount: 140 },
        sort: 'amount:desc',
        filters: { status: 'paid' },
      },
      is_default: false,
    });
  });

  it('a table without views has an empty list', async () => {
    const sink = await json<{ views: ViewJson[] }>(`${V1}/tables/${TABLE_IDS.kitchenSink}`);
    expect(sink.views).toEqual([]);
  });
});

describe('§4 view=<id> on the records list', () => {
  const paid = { view: VIEW_IDS.paidBiggestFirst };

  it("applies the view's sort and filters", async () => {
    const viewed = await allRecords(TABLE_IDS.orders, paid);
    const explicit = await allRecords(TABLE_IDS.orders, {
      sort: 'amount:desc',
      'filter[status]': 'paid',
    });
    expect(viewed.length).toBeGreaterThan(10);
    expect(viewed.map((r) => r.id)).toEqual(explicit.map((r) => r.id));
    expect(viewed.every((r) => r.fields.status === 'paid')).toBe(true);
  });

  it("an explicit sort replaces the view's sort; its filters stay", async () => {
    const viewed = await allRecords(TABLE_IDS.orders, { ...paid, sort: 'order_no:asc' });
    const explicit = await allRecords(TABLE_IDS.orders, {
      sort: 'order_no:asc',
      'filter[status]': 'paid',
    });
    expect(viewed.map((r) => r.id)).toEqual(explicit.map((r) => r.id));
  });

  it("an explicit filter on the view's column replaces the view's; other filters add", async () => {
    const replaced = await allRecords(TABLE_IDS.orders, { ...paid, 'filter[status]': 'shipped' });
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced.every((r) => r.fields.status === 'shipped')).toBe(true);
    const added = await allRecords(TABLE_IDS.orders, { ...paid, 'filter[tags]': 'gift' });
    const explicit = await allRecords(TABLE_IDS.orders, {
      sort: 'amount:desc',
      'filter[status]': 'paid',
      'filter[tags]': 'gift',
    });
    expect(added.map((r) => r.id)).toEqual(explicit.map((r) => r.id));
  });

  it('a view naming a column that no longer exists still opens; that part is skipped', async () => {
    const callList = await allRecords(TABLE_IDS.customers, { view: VIEW_IDS.callList }, 50);
    const byName = await allRecords(TABLE_IDS.customers, { sort: 'name:asc' }, 50);
    expect(callList.map((r) => r.id)).toEqual(byName.map((r) => r.id));

    const [broken] = createTableViews(server.db, TABLE_IDS.customers, [
      {
        name: 'Made before a rename',
        settings: {
          columns: ['name'],
          widths: {},
          sort: 'gone:desc',
          filters: { gone: 'x', vip: 'true', lifetime_value: 'not a number' },
        },
      },
    ]);
    const viewed = await allRecords(TABLE_IDS.customers, { view: broken as string }, 50);
    const vip = await allRecords(TABLE_IDS.customers, { 'filter[vip]': 'true' }, 50);
    expect(viewed.map((r) => r.id)).toEqual(vip.map((r) => r.id));
  });

  it.each([
    ['a missing view', '00000000-0000-4000-8000-000000000000'],
    ["another table's view", VIEW_IDS.vipCustomers],
    ["another workspace's view", VIEW_IDS.shipmentsInTransit],
    ['a malformed id', 'paid'],
    ['an empty id', ''],
  ])('%s → 400 unknown_view', async (_, view) => {
    const response = await server.get(
      `${V1}/tables/${TABLE_IDS.orders}/records?view=${encodeURIComponent(view)}`,
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('bad_request');
    expect(error.details).toEqual({ param: 'view', reason: 'unknown_view' });
    expect(error.message).toMatch(/view/);
  });

  it('view twice → 400 unknown_view', async () => {
    const response = await server.get(
      `${V1}/tables/${TABLE_IDS.orders}/records?view=${VIEW_IDS.refunds}&view=${VIEW_IDS.refunds}`,
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details).toEqual({ param: 'view', reason: 'unknown_view' });
  });

  it('a cursor is bound to its view', async () => {
    const first = await json<RecordsPage>(
      `${V1}/tables/${TABLE_IDS.orders}/records?limit=2&view=${VIEW_IDS.paidBiggestFirst}`,
    );
    const cursor = encodeURIComponent(first.next_cursor ?? '');
    // The same sort and filters without the view, or with another view, are another list.
    for (const query of [
      `sort=amount:desc&filter%5Bstatus%5D=paid`,
      `view=${VIEW_IDS.allOrders}&sort=amount:desc&filter%5Bstatus%5D=paid`,
      `view=${VIEW_IDS.refunds}`,
    ]) {
      const response = await server.get(
        `${V1}/tables/${TABLE_IDS.orders}/records?${query}&cursor=${cursor}`,
      );
      expect(response.status, query).toBe(400);
      expect((await errorOf(response)).details).toEqual({
        param: 'cursor',
        reason: 'invalid_cursor',
      });
    }
    const next = await server.get(
      `${V1}/tables/${TABLE_IDS.orders}/records?limit=2&view=${VIEW_IDS.paidBiggestFirst}&cursor=${cursor}`,
    );
    expect(next.status).toBe(200);
  });
});
