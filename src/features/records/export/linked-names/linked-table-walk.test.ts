import { describe, expect, it, vi } from 'vitest';
import type { Page, RecordRow, TableDetail } from '../../../../lib/api/types';
import { createReferenceNames, exportLabelOf } from '../reference-names';

import {
  customer,
  customerColumns,
  httpError,
  namesFor,
  order,
  prepared,
  service,
  uuid,
} from '../testing/reference-names-fixtures';

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
