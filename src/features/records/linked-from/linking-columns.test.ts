import { describe, expect, it } from 'vitest';
import type { Column, TableDetail, TableSummary } from '../../../lib/api/types';
import { linkedRecordsPath } from './linked-path';
import { linkingColumnsOf } from './linking-columns';

function column(name: string, orderIndex: number, settings: Column['settings'] = null): Column {
  return {
    id: name,
    name,
    description: null,
    type: settings ? 'REFERENCE' : 'TEXT',
    settings,
    orderIndex,
    required: false,
    isPrimary: false,
    inferred: false,
  };
}

function table(id: string, columns: Column[]): { summary: TableSummary; detail: TableDetail } {
  const summary: TableSummary = {
    id,
    aliasId: null,
    name: id,
    description: null,
    projectId: null,
    createdAt: null,
    updatedAt: null,
  };
  return { summary, detail: { ...summary, columns, views: [] } };
}

describe('the tables that link to a table', () => {
  it('are every REFERENCE column whose settings.table_id names it, each column once, in order', () => {
    const tables = [
      table('customers', [column('name', 0)]),
      table('orders', [column('customer', 2, { table_id: 'customers' }), column('order_no', 0)]),
      table('sink', [
        column('Customers', 5, { table_id: 'customers', multiple: true }),
        column('Customer', 4, { table_id: 'customers' }),
        column('Product', 6, { table_id: 'products' }),
      ]),
    ];
    expect(
      linkingColumnsOf('customers', tables).map(({ table: t, column: c }) => `${t.id}.${c.name}`),
    ).toEqual(['orders.customer', 'sink.Customer', 'sink.Customers']);
    expect(linkingColumnsOf('products', tables)).toHaveLength(1);
    // A table whose columns are not known yet links from nowhere (yet).
    expect(linkingColumnsOf('customers', [{ ...tables[1], detail: undefined }] as never)).toEqual(
      [],
    );
  });

  it('link to the table filtered to the records that point here, in the grid’s URL form', () => {
    expect(linkedRecordsPath('orders', 'customer', 'c-1')).toBe(
      '/tables/orders?filter%5Bcustomer%5D=c-1',
    );
    expect(linkedRecordsPath('sink', 'a&b=c', 'c-1')).toBe(
      `/tables/sink?${new URLSearchParams([['filter[a&b=c]', 'c-1']]).toString()}`,
    );
  });
});
