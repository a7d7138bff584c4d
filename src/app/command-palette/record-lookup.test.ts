import { describe, expect, it } from 'vitest';
import { recordLookupsOf } from './record-lookup';

const tables = ['Orders', 'Customers', 'Survey responses', 'Survey'].map((label, i) => ({
  ref: { id: `t${i}` },
  label,
}));

describe('recordLookupsOf', () => {
  it('takes the first words as a table name and the rest as the value, as typed', () => {
    expect(recordLookupsOf(tables, 'orders 858')).toEqual([
      { tableId: 't0', tableLabel: 'Orders', value: '858' },
    ]);
    expect(recordLookupsOf(tables, 'Customers  Léa Okafor')).toEqual([
      { tableId: 't1', tableLabel: 'Customers', value: 'Léa Okafor' },
    ]);
  });

  it('prefers the longest table name, then a name that starts with the words', () => {
    expect(recordLookupsOf(tables, 'survey responses 12')).toEqual([
      { tableId: 't2', tableLabel: 'Survey responses', value: '12' },
    ]);
    expect(recordLookupsOf(tables, 'ord 858')).toEqual([
      { tableId: 't0', tableLabel: 'Orders', value: '858' },
    ]);
  });

  it('asks nothing for a single word or a name no table has', () => {
    expect(recordLookupsOf(tables, 'orders')).toEqual([]);
    expect(recordLookupsOf(tables, 'inbox item 119')).toEqual([]);
    expect(recordLookupsOf(tables, 'o 858')).toEqual([]);
  });
});
