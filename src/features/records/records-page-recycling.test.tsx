import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient, TableDetail } from '../../lib/api/types';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

/**
 * The grid reuses a row's elements for the row scrolling in (row-keys.ts), and a linked
 * record's name reaches its cell from a store the cells share (record-label-store.ts):
 * under fast scrolling, every drawn row must still show its own record and its own
 * customer, never the one its elements showed before.
 */

const CUSTOMERS = 'tbl-customers';
const CUSTOMER_COUNT = 7;
// Distinct first blocks, so each customer's short id ("c3000000…") is its own.
const customerId = (n: number) => `c${n}000000-0000-4000-8000-000000000000`;
const shortIdOf = (n: number) => `c${n}000000…`;
const customerOf = (order: number) => order % CUSTOMER_COUNT;

const customersTable: TableDetail = {
  id: CUSTOMERS,
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [column('name', 'TEXT', { isPrimary: true })],
  views: [],
};

function service() {
  const orders = Array.from({ length: 300 }, (_, i) =>
    record(`rec-${i}`, { name: `Order ${i}`, customer: customerId(customerOf(i)) }),
  );
  const { client: ordersClient } = fakeClient({
    table: {
      columns: [
        column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
        column('customer', 'REFERENCE', { orderIndex: 1, settings: { table_id: CUSTOMERS } }),
      ],
    },
    records: orders,
  });
  const client: ApiClient = {
    ...ordersClient,
    getTable: async (tableId, request) =>
      tableId === CUSTOMERS ? customersTable : ordersClient.getTable(tableId, request),
    getRecord: async (tableId, recordId) => {
      if (tableId !== CUSTOMERS) return ordersClient.getRecord(tableId, recordId);
      const n = Array.from({ length: CUSTOMER_COUNT }, (_, k) => k).find(
        (k) => customerId(k) === recordId,
      );
      return record(recordId, { name: `Customer ${n}` });
    },
  };
  return client;
}

/** Each drawn row with a record: its index, the text of its name cell and of its customer cell. */
function drawnRows() {
  return within(screen.getByRole('grid'))
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-row-id') !== null)
    .map((row) => {
      const cell = (index: number) =>
        row.querySelector(`[data-column-index="${index}"]`)?.textContent ?? '';
      return {
        index: Number(row.getAttribute('data-row-index')),
        id: row.getAttribute('data-row-id'),
        name: cell(0),
        customer: cell(1),
      };
    });
}

function expectEachRowShowsItsRecord({ namesArrived }: { namesArrived: boolean }) {
  const rows = drawnRows();
  expect(rows.length).toBeGreaterThan(10);
  for (const row of rows) {
    expect(row.id).toBe(`rec-${row.index}`);
    expect(row.name).toBe(`Order ${row.index}`);
    const own = customerOf(row.index);
    const allowed = namesArrived ? [`Customer ${own}`] : [`Customer ${own}`, shortIdOf(own)];
    expect(allowed).toContain(row.customer);
  }
}

beforeEach(() => stubLayout());

describe('RecordsPage: recycled rows under fast scrolling', () => {
  it('every drawn row shows its own record and its own linked customer, frame after frame', async () => {
    renderRecordsPage(service());
    await screen.findByText('Order 0');
    await waitFor(() => expectEachRowShowsItsRecord({ namesArrived: true }));
    const scroller = screen.getByRole('grid').parentElement as HTMLElement;
    // A wheel down at a few rows a frame, a leap back up, and down again: each frame's rows
    // are checked before the next, names known or not.
    const tops = [
      ...Array.from({ length: 16 }, (_, step) => (step + 1) * 180),
      1_000,
      ...Array.from({ length: 8 }, (_, step) => 1_000 + (step + 1) * 108),
    ];
    for (const top of tops) {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
      await act(async () => {});
      expectEachRowShowsItsRecord({ namesArrived: false });
    }
    // Stopped: the rows that stayed get their customers' names, each its own.
    await waitFor(() => expectEachRowShowsItsRecord({ namesArrived: true }));
    expect(drawnRows()[0]?.index).toBeGreaterThan(40);
  });
});
