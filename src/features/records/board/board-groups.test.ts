import { describe, expect, it } from 'vitest';
import type { Column } from '../../../lib/api/types';
import { boardGroupsOf, groupingColumnOf, groupingColumnsOf, groupQueryOf } from './board-groups';

function column(name: string, type: Column['type'], options?: unknown[]): Column {
  return {
    id: name,
    name,
    description: null,
    type,
    settings: options ? { options } : null,
    orderIndex: 0,
    required: false,
    isPrimary: false,
    inferred: false,
  };
}

const status = column('status', 'SELECT', [
  'pending',
  'paid',
  { value: 'shipped', label: 'Shipped' },
]);
const carrier = column('carrier', 'SELECT', ['ups', 'dhl']);
const columns = [
  column('order_no', 'SERIAL'),
  status,
  column('tags', 'MULTISELECT', ['gift']),
  column('kind', 'SELECT'),
  carrier,
];

describe('grouping columns', () => {
  it('offers single-choice columns with options, not multi-choice or unlisted ones', () => {
    expect(groupingColumnsOf(columns).map((c) => c.name)).toEqual(['status', 'carrier']);
  });

  it('takes the column the address names, else the first', () => {
    expect(groupingColumnOf(columns, 'carrier')?.name).toBe('carrier');
    expect(groupingColumnOf(columns, 'tags')?.name).toBe('status');
    expect(groupingColumnOf(columns, null)?.name).toBe('status');
    expect(groupingColumnOf([column('a', 'TEXT')], null)).toBeNull();
  });
});

describe('boardGroupsOf', () => {
  it('gives every option in order, then the empty cells', () => {
    expect(boardGroupsOf(status, {})).toEqual([
      { value: 'pending', label: 'pending' },
      { value: 'paid', label: 'paid' },
      { value: 'shipped', label: 'Shipped' },
      { value: '', label: null },
    ]);
  });

  it('keeps only the column a filter on the grouping column keeps, known or not', () => {
    expect(boardGroupsOf(status, { status: 'paid' })).toEqual([{ value: 'paid', label: 'paid' }]);
    expect(boardGroupsOf(status, { status: '' })).toEqual([{ value: '', label: null }]);
    expect(boardGroupsOf(status, { status: 'lost' })).toEqual([{ value: 'lost', label: 'lost' }]);
  });
});

describe('groupQueryOf', () => {
  it("adds the group's filter to the view's sort and filters, keeping a saved view", () => {
    const query = {
      view: 'v1',
      sort: { column: 'amount', direction: 'desc' as const },
      filters: { paid: 'true' },
    };
    expect(groupQueryOf(query, 'status', { value: 'pending', label: 'pending' })).toEqual({
      view: 'v1',
      sort: { column: 'amount', direction: 'desc' },
      filters: { paid: 'true', status: 'pending' },
    });
    expect(groupQueryOf(query, 'status', { value: '', label: null }).filters.status).toBe('');
  });
});
