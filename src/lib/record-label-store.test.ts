import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './api/query-keys';
import type { ApiClient, RecordRow, TableDetail } from './api/types';
import { createConcurrencyLimit } from './concurrency-limit';
import { LABEL_SETTLE_MS, LABEL_STALE_MS, RecordLabelStore } from './record-label-store';
import { createFakeApiClient } from './testing/fake-api-client';
import { createTestQueryClient } from './testing/render-with-providers';
import { recordLabelFrom } from './use-record-label';

const CUSTOMERS = 'tbl-customers';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const customers = { id: CUSTOMERS, columns: [] } as unknown as TableDetail;

/** A service whose record reads wait until the test answers them. */
function service() {
  const answers = new Map<string, () => void>();
  const getRecord = vi.fn<ApiClient['getRecord']>(
    (_tableId, recordId) =>
      new Promise<RecordRow>((resolve) => {
        answers.set(recordId, () =>
          resolve({
            id: recordId,
            fields: { name: `Customer ${recordId.slice(-2)}` },
            createdAt: null,
            updatedAt: null,
          }),
        );
      }),
  );
  const client = createFakeApiClient({ getTable: async () => customers, getRecord });
  const asked = () => getRecord.mock.calls.map(([, id]) => id);
  return { client, getRecord, answers, asked };
}

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  // On the store's batch grid, so the settle delays below are exact.
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RecordLabelStore', () => {
  it('shows a name another reader read (a find’s worker) at once, and reads it again only once stale', async () => {
    const { client, asked, answers } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(4));
    const t = ((key: string) => key) as Parameters<typeof recordLabelFrom>[3];
    const label = (n: number) =>
      recordLabelFrom(store.sourceOf(CUSTOMERS, idOf(n)), CUSTOMERS, idOf(n), t);
    const told = vi.fn();
    store.watch(CUSTOMERS, idOf(2), LABEL_SETTLE_MS, told);
    store.know([
      [CUSTOMERS, idOf(1), 'Haddad Sons'],
      [CUSTOMERS, idOf(2), 'Okafor'],
    ]);
    // A cell already showing the record hears of it; one drawn later shows it from the first.
    expect(told).toHaveBeenCalledTimes(1);
    expect(label(2)).toEqual({ status: 'ready', text: 'Okafor' });
    store.watch(CUSTOMERS, idOf(1), LABEL_SETTLE_MS, () => {});
    expect(label(1)).toEqual({ status: 'ready', text: 'Haddad Sons' });
    // The name is an answer: no read of either record while it is fresh.
    await advance(LABEL_SETTLE_MS * 4);
    expect(asked()).toEqual([]);
    // Stale, a place showing it again reads the record, and its own label then stands.
    await advance(LABEL_STALE_MS);
    store.watch(CUSTOMERS, idOf(1), LABEL_SETTLE_MS, () => {});
    await advance(LABEL_SETTLE_MS);
    expect(asked()).toEqual([idOf(1)]);
    expect(label(1)).toEqual({ status: 'ready', text: 'Haddad Sons' });
    answers.get(idOf(1))?.();
    await advance(0);
    expect(label(1)).toEqual({ status: 'ready', text: 'Customer 01' });
  });

  it('a find’s screenful of matches named by its worker asks for none of their customers, each row its own name', async () => {
    const { client, asked } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(4));
    const t = ((key: string) => key) as Parameters<typeof recordLabelFrom>[3];
    // 20 rows in view, each showing one of 12 customers; 10 named by the worker, 2 not
    // (a number label, or a name it could not read): those two are read as before.
    const rows = Array.from({ length: 20 }, (_, row) => 1 + (row % 12));
    const heard = new Map<number, number>();
    for (const customer of rows) {
      store.watch(CUSTOMERS, idOf(customer), LABEL_SETTLE_MS, () =>
        heard.set(customer, (heard.get(customer) ?? 0) + 1),
      );
    }
    await advance(LABEL_SETTLE_MS - 50);
    store.know(
      Array.from({ length: 10 }, (_, i) => [CUSTOMERS, idOf(i + 1), `Name of ${i + 1}`] as const),
    );
    await advance(LABEL_SETTLE_MS * 4);
    expect(asked().sort()).toEqual([idOf(11), idOf(12)]);
    for (const customer of rows) {
      const label = recordLabelFrom(
        store.sourceOf(CUSTOMERS, idOf(customer)),
        CUSTOMERS,
        idOf(customer),
        t,
      );
      expect(label.text).toBe(
        customer <= 10 ? `Name of ${customer}` : `${idOf(customer).slice(0, 8)}…`,
      );
    }
  });

  it('a name told while its read waits for a slot withdraws the read', async () => {
    const { client, asked, answers } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(1));
    store.watch(CUSTOMERS, idOf(1), 0, () => {});
    store.watch(CUSTOMERS, idOf(2), 0, () => {});
    await advance(LABEL_SETTLE_MS);
    // One slot: 1 is sent, 2 waits for it.
    expect(asked()).toEqual([idOf(1)]);
    store.know([[CUSTOMERS, idOf(2), 'Okafor']]);
    // The slot frees: 2 does not take it.
    answers.get(idOf(1))?.();
    await advance(LABEL_SETTLE_MS * 4);
    expect(asked()).toEqual([idOf(1)]);
    expect(store.sourceOf(CUSTOMERS, idOf(2)).named).toBe('Okafor');
  });

  it('asks for each record once it has been shown for the settle delay, and only then', async () => {
    const { client, asked } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(4));
    store.watch(CUSTOMERS, idOf(1), LABEL_SETTLE_MS, () => {});
    await advance(50);
    store.watch(CUSTOMERS, idOf(2), LABEL_SETTLE_MS, () => {});
    // A row flicked past: shown, gone before it settled.
    const leave = store.watch(CUSTOMERS, idOf(3), LABEL_SETTLE_MS, () => {});
    await advance(50);
    leave();
    await advance(LABEL_SETTLE_MS - 100);
    expect(asked()).toEqual([idOf(1)]);
    await advance(50);
    expect(asked()).toEqual([idOf(1), idOf(2)]);
    await advance(LABEL_SETTLE_MS * 4);
    expect(asked()).toEqual([idOf(1), idOf(2)]);
  });

  it('tells only the watchers of the record that arrived, and keeps the same source for the others', async () => {
    const { client, answers } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(4));
    const heard = { one: 0, two: 0 };
    store.watch(CUSTOMERS, idOf(1), 0, () => heard.one++);
    store.watch(CUSTOMERS, idOf(2), 0, () => heard.two++);
    await advance(0);
    const before = store.sourceOf(CUSTOMERS, idOf(2));
    const tableHeard = { ...heard };
    answers.get(idOf(1))?.();
    await advance(0);
    expect(heard.one).toBe(tableHeard.one + 1);
    expect(heard.two).toBe(tableHeard.two);
    expect(store.sourceOf(CUSTOMERS, idOf(1)).record?.fields.name).toBe('Customer 01');
    expect(store.sourceOf(CUSTOMERS, idOf(2))).toBe(before);
  });

  it('withdraws a request still waiting for a slot when its record leaves the screen', async () => {
    const { client, answers, asked } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(1));
    store.watch(CUSTOMERS, idOf(1), 0, () => {});
    const leave = store.watch(CUSTOMERS, idOf(2), 0, () => {});
    await advance(0);
    expect(asked()).toEqual([idOf(1)]);
    leave();
    answers.get(idOf(1))?.();
    await advance(0);
    expect(asked()).toEqual([idOf(1)]);
  });

  it('asks again for a name older than the stale time when it is shown again, showing the old one meanwhile', async () => {
    const { client, answers, asked } = service();
    const store = new RecordLabelStore(client, createTestQueryClient(), createConcurrencyLimit(4));
    const leave = store.watch(CUSTOMERS, idOf(1), 0, () => {});
    await advance(0);
    answers.get(idOf(1))?.();
    await advance(0);
    leave();
    store.watch(CUSTOMERS, idOf(1), 0, () => {})();
    await advance(LABEL_SETTLE_MS);
    expect(asked()).toEqual([idOf(1)]);
    await advance(LABEL_STALE_MS);
    store.watch(CUSTOMERS, idOf(1), 0, () => {});
    expect(store.sourceOf(CUSTOMERS, idOf(1)).record?.fields.name).toBe('Customer 01');
    await advance(0);
    expect(asked()).toEqual([idOf(1), idOf(1)]);
  });

  it('takes a newer read of the record from elsewhere (its panel), telling its watchers', async () => {
    const { client, answers } = service();
    const queryClient = createTestQueryClient();
    const store = new RecordLabelStore(client, queryClient, createConcurrencyLimit(4));
    let heard = 0;
    store.watch(CUSTOMERS, idOf(1), 0, () => heard++);
    await advance(0);
    answers.get(idOf(1))?.();
    await advance(0);
    const before = heard;
    queryClient.setQueryData(queryKeys.record(CUSTOMERS, idOf(1)), {
      id: idOf(1),
      fields: { name: 'Renamed' },
      createdAt: null,
      updatedAt: null,
    });
    expect(heard).toBe(before + 1);
    expect(store.sourceOf(CUSTOMERS, idOf(1)).record?.fields.name).toBe('Renamed');
  });

  it('asks for the table of a record read elsewhere, so its name is not left waiting for columns', async () => {
    const { client, asked } = service();
    const getTable = vi.spyOn(client, 'getTable');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.record(CUSTOMERS, idOf(1)), {
      id: idOf(1),
      fields: { name: 'Ada' },
      createdAt: null,
      updatedAt: null,
    });
    const store = new RecordLabelStore(client, queryClient, createConcurrencyLimit(4));
    store.watch(CUSTOMERS, idOf(1), LABEL_SETTLE_MS, () => {});
    expect(store.sourceOf(CUSTOMERS, idOf(1)).table.settled).toBe(false);
    await advance(LABEL_SETTLE_MS);
    expect(getTable).toHaveBeenCalledTimes(1);
    expect(store.sourceOf(CUSTOMERS, idOf(1)).table.settled).toBe(true);
    // The record itself was known and fresh: not asked for.
    expect(asked()).toEqual([]);
  });
});
