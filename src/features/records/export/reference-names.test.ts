import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import type { Column, Page, RecordRow, TableDetail } from '../../../lib/api/types';
import {
  createReferenceNames,
  exportLabelOf,
  type NameSource,
  type ReferenceNames,
} from './reference-names';

/** Reads a page's names and puts them in use, as the export does before writing it. */
async function prepared(names: ReferenceNames, rows: readonly RecordRow[]) {
  names.use(await names.prepare(rows));
}

const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function column(name: string, type: Column['type'], settings: Column['settings'] = null): Column {
  return {
    id: `col-${name}`,
    name,
    description: null,
    type,
    settings,
    orderIndex: 0,
    required: false,
    isPrimary: name === 'name',
    inferred: false,
  };
}

const customer = column('customer', 'REFERENCE', { table_id: CUSTOMERS, multiple: false });
const customers = column('customers', 'REFERENCE', { table_id: CUSTOMERS, multiple: true });
const customerColumns = [column('email', 'EMAIL'), column('name', 'TEXT')];

function order(id: string, fields: Record<string, unknown>): RecordRow {
  return { id, fields, createdAt: null, updatedAt: null };
}

function httpError(status: number): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message: `HTTP ${status}`,
  });
}

/** A service with customers 1..n named "Customer n"; `fail` answers chosen ids with an error. */
function service(fail: Record<string, () => unknown> = {}) {
  let inFlight = 0;
  let mostAtOnce = 0;
  const reads: string[] = [];
  const source: NameSource = {
    async readRecord(tableId, id) {
      reads.push(id);
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      const failure = fail[id];
      if (failure) return failure() as RecordRow;
      expect(tableId).toBe(CUSTOMERS);
      return order(id, { name: `Customer ${Number(id.slice(-12))}`, email: 'x@example.com' });
    },
    readTable: async () => ({ columns: customerColumns }) as TableDetail,
    sleep: async () => {},
  };
  return { source, reads, mostAtOnce: () => mostAtOnce };
}

/** Names for an export of `customer` (unless `columns` says otherwise), never cancelled. */
function namesFor(
  source: NameSource,
  options: Partial<Parameters<typeof createReferenceNames>[0]> = {},
) {
  return createReferenceNames({
    source,
    columns: [customer],
    signal: new AbortController().signal,
    ...options,
  });
}

describe('createReferenceNames', () => {
  it('reads each distinct linked record once, a few at a time, and names every value', async () => {
    const { source, reads, mostAtOnce } = service();
    const progress = vi.fn();
    const names = namesFor(source, {
      columns: [customer, customers],
      onProgress: progress,
      readsAtOnce: 3,
    });
    const page = Array.from({ length: 40 }, (_, n) =>
      order(`o${n}`, { customer: uuid((n % 10) + 1), customers: [uuid(1), uuid(11)] }),
    );
    await prepared(names, page);
    expect(reads).toHaveLength(11);
    expect(new Set(reads).size).toBe(11);
    expect(mostAtOnce()).toBeLessThanOrEqual(3);
    expect(names.nameOf(customer, uuid(7))).toBe('Customer 7');
    expect(names.nameOf(customers, uuid(11))).toBe('Customer 11');
    expect(names.progress()).toEqual({ read: 11, needed: 11, unreadable: 0, walking: [] });
    expect(progress).toHaveBeenLastCalledWith({
      read: 11,
      needed: 11,
      unreadable: 0,
      walking: [],
    });

    // The next page reuses what the first read.
    await prepared(names, [order('o99', { customer: uuid(3), customers: [uuid(12)] })]);
    expect(reads).toHaveLength(12);
    expect(names.nameOf(customer, uuid(3))).toBe('Customer 3');
  });

  it('leaves a name empty, and counts it, when the record is gone, forbidden or not an id; never guesses', async () => {
    const { source } = service({
      [uuid(2)]: () => {
        throw httpError(404);
      },
      [uuid(3)]: () => {
        throw httpError(403);
      },
      // A reply about another record: its name must not be used.
      [uuid(4)]: () => order(uuid(5), { name: 'Someone else' }),
    });
    const names = namesFor(source);
    await prepared(names, [
      order('a', { customer: uuid(1) }),
      order('b', { customer: uuid(2) }),
      order('c', { customer: uuid(3) }),
      order('d', { customer: uuid(4) }),
      order('e', { customer: 'not-an-id' }),
      order('f', { customer: null }),
    ]);
    expect(names.nameOf(customer, uuid(1))).toBe('Customer 1');
    expect(names.nameOf(customer, uuid(2))).toBeNull();
    expect(names.nameOf(customer, uuid(3))).toBeNull();
    expect(names.nameOf(customer, uuid(4))).toBeNull();
    expect(names.nameOf(customer, 'not-an-id')).toBeNull();
    expect(names.progress()).toEqual({ read: 5, needed: 5, unreadable: 4, walking: [] });
  });

  it('retries a failing read before giving up on its name', async () => {
    let attempts = 0;
    const { source } = service({
      [uuid(1)]: () => {
        attempts += 1;
        if (attempts < 3) throw httpError(503);
        return order(uuid(1), { name: 'Back again' });
      },
    });
    const names = namesFor(source);
    await prepared(names, [order('a', { customer: uuid(1) })]);
    expect(attempts).toBe(3);
    expect(names.nameOf(customer, uuid(1))).toBe('Back again');
  });

  it('waits out the service’s rate limit rather than give up a name', async () => {
    let attempts = 0;
    const { source } = service({
      [uuid(1)]: () => {
        attempts += 1;
        if (attempts < 8) throw httpError(429);
        return order(uuid(1), { name: 'Patient' });
      },
    });
    const names = namesFor(source);
    await prepared(names, [order('a', { customer: uuid(1) })]);
    expect(names.nameOf(customer, uuid(1))).toBe('Patient');
  });

  it('stops the export when the key is no longer accepted', async () => {
    const { source } = service({
      [uuid(1)]: () => {
        throw httpError(401);
      },
    });
    const names = namesFor(source);
    await expect(names.prepare([order('a', { customer: uuid(1) })])).rejects.toMatchObject({
      status: 401,
    });
  });

  it('reads a record once when two pages are prepared at once, and each page keeps its names', async () => {
    const { source, reads } = service();
    const names = namesFor(source, { cacheEntries: 1 });
    const first = names.prepare([
      order('a', { customer: uuid(1) }),
      order('b', { customer: uuid(2) }),
    ]);
    const second = names.prepare([order('c', { customer: uuid(1) })]);
    const [firstNames, secondNames] = await Promise.all([first, second]);
    expect(reads).toEqual([uuid(1), uuid(2)]);
    names.use(firstNames);
    expect(names.nameOf(customer, uuid(1))).toBe('Customer 1');
    expect(names.nameOf(customer, uuid(2))).toBe('Customer 2');
    names.use(secondNames);
    expect(names.nameOf(customer, uuid(1))).toBe('Customer 1');
    expect(names.nameOf(customer, uuid(2))).toBeNull();
  });

  it('keeps a bounded cache: a name pushed out is read again when it comes back', async () => {
    const { source, reads } = service();
    const names = namesFor(source, { cacheEntries: 2 });
    for (const n of [1, 2, 3, 1]) await prepared(names, [order(`o${n}`, { customer: uuid(n) })]);
    expect(reads).toEqual([uuid(1), uuid(2), uuid(3), uuid(1)]);
    expect(names.nameOf(customer, uuid(1))).toBe('Customer 1');
  });

  it('uses a record the grid already holds without reading it', async () => {
    const { source, reads } = service();
    source.known = (_table, id) =>
      id === uuid(1) ? order(uuid(1), { name: 'Cached' }) : undefined;
    const names = namesFor(source);
    await prepared(names, [order('a', { customer: uuid(1) }), order('b', { customer: uuid(2) })]);
    expect(reads).toEqual([uuid(2)]);
    expect(names.nameOf(customer, uuid(1))).toBe('Cached');
  });
});

/**
 * The linked table's list, `total` customers in pages: each read and list request is
 * recorded. `loop` hands the first cursor out again from the page after it (a looping
 * service); `forbid` answers the list with a 403; `gate` holds every list request until it
 * is opened.
 */
function listedService(
  total: number,
  how: { loop?: boolean; forbid?: boolean; gate?: Promise<void>; fail?: Set<string> } = {},
) {
  const base = service(
    Object.fromEntries(
      [...(how.fail ?? [])].map((id) => [
        id,
        () => {
          throw httpError(404);
        },
      ]),
    ),
  );
  const lists: { cursor: string | null; limit: number | undefined }[] = [];
  let aborted = 0;
  const record = (n: number) =>
    order(uuid(n), { name: `Customer ${n}`, email: `c${n}@example.com` });
  base.source.readTable = async () =>
    ({ name: 'Customers', columns: customerColumns }) as TableDetail;
  base.source.listRecords = async (_tableId, request): Promise<Page<RecordRow>> => {
    lists.push({ cursor: request.cursor, limit: request.limit });
    if (how.gate) await how.gate;
    if (request.signal.aborted) {
      aborted += 1;
      throw httpError(0);
    }
    if (how.forbid) throw httpError(403);
    const size = request.limit ?? 100;
    const start = request.cursor === null ? 0 : Number(request.cursor);
    const items: RecordRow[] = [];
    for (let n = start + 1; n <= Math.min(total, start + size); n += 1) {
      if (!how.fail?.has(uuid(n))) items.push(record(n));
    }
    const next = start + size < total ? String(start + size) : null;
    // A looping service: the page after the first points back at the first page's cursor.
    return { items, nextCursor: how.loop && start > 0 ? String(size) : next };
  };
  return { ...base, lists, aborted: () => aborted, record };
}

const ordersOf = (ids: readonly number[]) =>
  ids.map((n, i) => order(`o${i}`, { customer: uuid(n) }));

describe('createReferenceNames: reading the linked table page by page', () => {
  it('reads single records below the threshold and pages past it, with the same names', async () => {
    const { source, reads, lists } = listedService(1_000);
    const names = namesFor(source, { walkAfterDistinct: 5, walkPageSize: 100 });
    // Five distinct customers: read one by one, no list request.
    await prepared(names, ordersOf([1, 2, 3, 4, 5, 1]));
    expect(reads).toEqual([1, 2, 3, 4, 5].map(uuid));
    expect(lists).toEqual([]);
    const single = [1, 2, 3, 4, 5].map((n) => names.nameOf(customer, uuid(n)));

    // The sixth starts one walk of Customers at the largest page; the rest come from its pages.
    const page = ordersOf([6, 700, 250, 999, 6, 3]);
    await prepared(names, page);
    expect(reads).toHaveLength(5);
    expect(lists.map((list) => list.limit)).toEqual(Array(10).fill(100));
    for (const n of [6, 700, 250, 999])
      expect(names.nameOf(customer, uuid(n))).toBe(`Customer ${n}`);
    // Identical labels whichever way a name was read: the same label function over the same fields.
    expect(single).toEqual([1, 2, 3, 4, 5].map((n) => `Customer ${n}`));
    expect(names.nameOf(customer, uuid(3))).toBe(
      exportLabelOf(order(uuid(3), { name: 'Customer 3', email: 'x' }), customerColumns),
    );
    // Progress counts only what the file needed, not every record the walk passed.
    expect(names.progress()).toEqual({ read: 9, needed: 9, unreadable: 0, walking: [] });

    // Later pages use the walk's names: no read, no new list request, counted when met.
    await prepared(names, ordersOf([42, 43]));
    expect(reads).toHaveLength(5);
    expect(lists).toHaveLength(10);
    expect(names.nameOf(customer, uuid(42))).toBe('Customer 42');
    expect(names.progress()).toMatchObject({ read: 11, needed: 11 });
  });

  it('gives an id the walk did not find (deleted) an empty name, after its own read', async () => {
    const gone = uuid(50);
    const { source, reads } = listedService(300, { fail: new Set([gone]) });
    const names = namesFor(source, { walkAfterDistinct: 1 });
    await prepared(names, ordersOf([1, 50, 120]));
    expect(reads).toEqual([uuid(1), gone]);
    expect(names.nameOf(customer, gone)).toBeNull();
    expect(names.nameOf(customer, uuid(120))).toBe('Customer 120');
    expect(names.progress()).toMatchObject({ read: 3, needed: 3, unreadable: 1 });
  });

  it('stops a looping list with the paging guard and reads the rest alone, never a wrong name', async () => {
    const { source, reads, lists } = listedService(1_000, { loop: true });
    const names = namesFor(source, { walkAfterDistinct: 1, walkPageSize: 100 });
    await prepared(names, ordersOf([1, 150, 900, 50]));
    // Pages 1-100 and 101-200; the second hands out its own cursor again: the guard stops there.
    expect(lists.map((list) => list.cursor)).toEqual([null, '100']);
    expect(reads).toEqual([uuid(1), uuid(900)]);
    for (const n of [1, 150, 900, 50])
      expect(names.nameOf(customer, uuid(n))).toBe(`Customer ${n}`);
    expect(names.progress()).toMatchObject({ read: 4, needed: 4, unreadable: 0 });
  });

  it('falls back to single reads when the list is forbidden (403), without failing the export', async () => {
    const { source, reads, lists } = listedService(1_000, { forbid: true });
    const names = namesFor(source, { walkAfterDistinct: 1 });
    await prepared(names, ordersOf([1, 2, 3]));
    expect(lists).toHaveLength(1);
    expect(reads).toEqual([1, 2, 3].map(uuid));
    expect(names.nameOf(customer, uuid(3))).toBe('Customer 3');
  });

  it('stops the walk at its bound and reads the ids it did not reach', async () => {
    const { source, reads, lists } = listedService(10_000);
    const names = namesFor(source, {
      walkAfterDistinct: 1,
      walkPageSize: 100,
      walkMaxRecords: 300,
    });
    await prepared(names, ordersOf([1, 250, 5_000]));
    expect(lists).toHaveLength(3);
    expect(reads).toEqual([uuid(1), uuid(5_000)]);
    expect(names.nameOf(customer, uuid(5_000))).toBe('Customer 5000');
  });

  it('stops the walk when the export is cancelled, and again when it ends', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { source, lists, aborted } = listedService(1_000, { gate });
    const controller = new AbortController();
    const names = createReferenceNames({
      source,
      columns: [customer],
      signal: controller.signal,
      walkAfterDistinct: 1,
    });
    const page = names.prepare(ordersOf([1, 2]));
    await vi.waitFor(() => expect(lists).toHaveLength(1));
    expect(names.progress().walking).toEqual(['Customers']);
    controller.abort(new Error('cancelled'));
    open();
    await expect(page).rejects.toThrow();
    expect(aborted()).toBe(1);
    expect(lists).toHaveLength(1);
    expect(names.progress().walking).toEqual([]);
  });

  it('stops the walk when the export ends (close)', async () => {
    const { source, lists } = listedService(20_000);
    const names = namesFor(source, { walkAfterDistinct: 1, walkPageSize: 100 });
    // The page's names come from the first list page; the walk goes on in the background.
    await prepared(names, ordersOf([1, 2]));
    names.close();
    const after = lists.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lists.length).toBeLessThanOrEqual(after + 1);
    expect(names.progress().walking).toEqual([]);
  });

  it('keeps the cache bound: the walk never pushes out a name a page has used', async () => {
    const { source, reads } = listedService(1_000);
    const names = namesFor(source, { walkAfterDistinct: 1, walkPageSize: 100, cacheEntries: 10 });
    await prepared(names, ordersOf([1, 999]));
    // 1 was read alone, 999 named by the walk; the walk kept no more than the cache holds.
    await prepared(names, ordersOf([1, 999]));
    expect(reads).toEqual([uuid(1)]);
    await prepared(names, ordersOf([500]));
    expect(names.nameOf(customer, uuid(500))).toBe('Customer 500');
    expect(reads).toEqual([uuid(1), uuid(500)]);
  });
});

describe('exportLabelOf', () => {
  it('is the label column in full, a number with its column name, else empty', () => {
    const long = 'x'.repeat(300);
    expect(exportLabelOf(order('a', { name: long }), customerColumns)).toBe(long);
    const serial = { ...column('order_no', 'SERIAL'), isPrimary: true };
    expect(exportLabelOf(order('a', { order_no: 45751 }), [serial])).toBe('order_no 45751');
    expect(exportLabelOf(order('a', { name: null }), customerColumns)).toBe('');
    expect(exportLabelOf(order('a', { n: 1, title: 'Untyped' }), null)).toBe('Untyped');
  });
});
