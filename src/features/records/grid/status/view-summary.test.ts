import { describe, expect, it } from 'vitest';
import type { ColumnType } from '../../../../lib/api/types';
import { column } from '../../testing/records-test-utils';
import { summarizeView } from './view-summary';

const col = (name: string, type: ColumnType) => column(name, type);

const columns = [
  col('status', 'SELECT'),
  col('paid', 'BOOLEAN'),
  col('amount', 'NUMBER'),
  col('placed', 'DATETIME'),
  col('customer', 'TEXT'),
  col('tags', 'MULTISELECT'),
];

describe('summarizeView', () => {
  it('reads filters and a numeric sort as a sentence', () => {
    expect(
      summarizeView(
        'Orders',
        {
          sort: { column: 'amount', direction: 'desc' },
          filters: { status: 'paid', paid: 'TRUE' },
        },
        columns,
      ),
    ).toBe('Orders where status is paid and paid is true, sorted by amount, highest first');
  });

  it('words dates as newest/oldest and text as A→Z', () => {
    expect(
      summarizeView(
        'Orders',
        { sort: { column: 'placed', direction: 'desc' }, filters: {} },
        columns,
      ),
    ).toBe('Orders, sorted by placed, newest first');
    expect(
      summarizeView(
        'Orders',
        { sort: { column: 'customer', direction: 'asc' }, filters: {} },
        columns,
      ),
    ).toBe('Orders, sorted by customer, A→Z');
    expect(
      summarizeView(
        'Orders',
        { sort: { column: 'created_at', direction: 'asc' }, filters: {} },
        columns,
      ),
    ).toBe('Orders, sorted by date created, oldest first');
  });

  it('says when nothing is filtered or sorted, and words empty and list filters', () => {
    expect(summarizeView('Orders', { sort: null, filters: {} }, columns)).toBe(
      'Orders, in the order they were added',
    );
    expect(
      summarizeView(
        'Orders',
        { sort: null, filters: { customer: '', tags: 'vip', amount: '5' } },
        columns,
      ),
    ).toBe(
      'Orders where customer is empty, tags includes vip, and amount is 5, in the order they were added',
    );
  });

  it('names the record a REFERENCE filter points at, never its bare id', () => {
    const id = '8d1aa454-4553-4b9d-a363-84330710b098';
    const linked = [
      col('buyer', 'REFERENCE'),
      column('related', 'REFERENCE', { settings: { table_id: 't', multiple: true } }),
    ];
    expect(
      summarizeView('Orders', { sort: null, filters: { buyer: id, related: id } }, linked, {
        buyer: 'Ada Lovelace',
        related: 'Anvil',
      }),
    ).toBe(
      'Orders where buyer is Ada Lovelace and related includes Anvil, in the order they were added',
    );
  });
});
