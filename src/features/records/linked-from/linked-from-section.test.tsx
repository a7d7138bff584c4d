import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Column, RecordRow, TableDetail } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { LinkedFromSection } from './linked-from-section';

const reference = (name: string, tableId: string): Column => ({
  id: name,
  name,
  description: null,
  type: 'REFERENCE',
  settings: { table_id: tableId },
  orderIndex: 0,
  required: false,
  isPrimary: false,
  inferred: false,
});

function table(id: string, name: string, columns: Column[]): TableDetail {
  return {
    id,
    aliasId: null,
    name,
    description: null,
    projectId: null,
    createdAt: null,
    updatedAt: null,
    columns,
    views: [],
  };
}

const rows = (from: number, count: number): RecordRow[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${from + i}`,
    fields: {},
    createdAt: null,
    updatedAt: null,
  }));

describe('Linked from', () => {
  it('counts each linking column exactly, says 500+ past the bound, and links to the filtered table', async () => {
    const orders = table('orders', 'Orders', [reference('customer', 'customers')]);
    const invoices = table('invoices', 'Invoices', [reference('billed to', 'customers')]);
    const products = table('products', 'Products', [reference('related', 'products')]);
    const listRecords = vi.fn(
      async (tableId: string, _query: unknown, request?: { cursor?: string | null }) => {
        if (tableId === 'invoices') return { items: rows(0, 12), nextCursor: null };
        // Orders: far more than the bound, 500 a page.
        const start = Number(request?.cursor ?? 0);
        return { items: rows(start, 500), nextCursor: String(start + 500) };
      },
    );
    const client = createFakeApiClient({
      listTables: async () => ({ items: [orders, invoices, products], nextCursor: null }),
      getTable: async (id) => [orders, invoices, products].find((t) => t.id === id) ?? orders,
      listRecords,
    });
    renderWithProviders(<LinkedFromSection tableId="customers" recordId="c-1" />, { client });

    const section = await screen.findByRole('region', { name: 'Linked from' });
    const ordersLink = await within(section).findByRole('link', { name: 'Orders (500+)' });
    expect(ordersLink).toHaveAttribute('href', '/tables/orders?filter%5Bcustomer%5D=c-1');
    expect(await within(section).findByRole('link', { name: 'Invoices (12)' })).toBeVisible();
    expect(section).toHaveTextContent('through billed to');
    // Products links only to itself; Orders was read no further than one page past the bound.
    expect(within(section).queryByRole('link', { name: /Products/ })).toBeNull();
    expect(listRecords.mock.calls.filter(([tableId]) => tableId === 'orders')).toHaveLength(2);
    expect(listRecords).toHaveBeenCalledWith(
      'orders',
      { sort: null, filters: { customer: 'c-1' } },
      expect.objectContaining({ limit: 500 }),
    );
  });

  it('lists only tables with a record pointing here, says it is counting until it knows, and says when none does', async () => {
    const orders = table('orders', 'Orders', [reference('customer', 'customers')]);
    const sink = table('sink', 'Kitchen sink', [
      reference('one customer', 'customers'),
      reference('more customers', 'customers'),
    ]);
    let answerOrders: (rows: RecordRow[]) => void = () => {};
    const ordersCounted = new Promise<RecordRow[]>((resolve) => {
      answerOrders = resolve;
    });
    const client = createFakeApiClient({
      listTables: async () => ({ items: [orders, sink], nextCursor: null }),
      getTable: async (id) => (id === 'sink' ? sink : orders),
      listRecords: async (tableId: string) =>
        tableId === 'orders'
          ? { items: await ordersCounted, nextCursor: null }
          : { items: [], nextCursor: null },
    });
    renderWithProviders(<LinkedFromSection tableId="customers" recordId="c-1" />, { client });

    const section = await screen.findByRole('region', { name: 'Linked from' });
    expect(await within(section).findByText('Counting the records that link here…')).toBeVisible();
    expect(section).toHaveAttribute('aria-busy', 'true');
    answerOrders(rows(0, 3));
    expect(await within(section).findByRole('link', { name: 'Orders (3)' })).toBeVisible();
    await waitFor(() => expect(section).not.toHaveAttribute('aria-busy'));
    expect(within(section).queryByText(/Counting/)).toBeNull();
    // Kitchen sink's two columns point here, but none of its records does.
    expect(within(section).queryByRole('link', { name: /Kitchen sink/ })).toBeNull();
    expect(section).not.toHaveTextContent('(0)');
  });

  it('says no record links here when every linking table counts 0', async () => {
    const sink = table('sink', 'Kitchen sink', [reference('customer', 'customers')]);
    const client = createFakeApiClient({
      listTables: async () => ({ items: [sink], nextCursor: null }),
      getTable: async () => sink,
      listRecords: async () => ({ items: [], nextCursor: null }),
    });
    renderWithProviders(<LinkedFromSection tableId="customers" recordId="c-1" />, { client });
    const section = await screen.findByRole('region', { name: 'Linked from' });
    expect(await within(section).findByText('No records link here.')).toBeVisible();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('shows nothing when no table links here', async () => {
    const getTable = vi.fn(async () => table('t', 'T', []));
    const client = createFakeApiClient({
      listTables: async () => ({ items: [table('t', 'T', [])], nextCursor: null }),
      getTable,
    });
    const { container } = renderWithProviders(
      <LinkedFromSection tableId="customers" recordId="c-1" />,
      { client },
    );
    await waitFor(() => expect(getTable).toHaveBeenCalledWith('t', expect.anything()));
    expect(container).toBeEmptyDOMElement();
  });
});
