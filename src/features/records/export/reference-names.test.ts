import { describe, expect, it, vi } from 'vitest';

import {
  customer,
  customers,
  httpError,
  namesFor,
  order,
  prepared,
  service,
  uuid,
} from './testing/reference-names-fixtures';

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
