import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../../lib/api/types';
import { column } from '../../../lib/testing/api-rows';
import { clipboardTextOf, recordAsJson, recordAsTsv } from './clipboard-text';

const record: RecordRow = {
  id: 'r1',
  fields: {
    name: 'Ada\tLovelace',
    amount: 1234.5,
    tags: ['gift', 'repeat'],
    paid: false,
    notes: null,
  },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: null,
} as unknown as RecordRow;

describe('clipboard text', () => {
  it('copies a value as plain text: raw numbers, booleans, list items joined, empty as nothing', () => {
    expect(clipboardTextOf(1234.5)).toBe('1234.5');
    expect(clipboardTextOf(false)).toBe('false');
    expect(clipboardTextOf(['gift', 'repeat'])).toBe('gift, repeat');
    expect(clipboardTextOf(null)).toBe('');
    expect(clipboardTextOf({ a: 1 })).toBe('{"a":1}');
    expect(clipboardTextOf('<b>x</b>')).toBe('<b>x</b>');
  });

  it('copies a row as two tab-separated lines, quoting a value with a tab', () => {
    const columns = [
      column('name', 'TEXT'),
      column('amount', 'NUMBER'),
      column('tags', 'MULTISELECT'),
    ];
    expect(recordAsTsv(record, columns)).toBe(
      'id\tname\tamount\ttags\tpaid\tnotes\nr1\t"Ada\tLovelace"\t1234.5\tgift, repeat\tfalse\t',
    );
  });

  it('copies a row as the JSON of the record', () => {
    expect(JSON.parse(recordAsJson(record))).toEqual(JSON.parse(JSON.stringify(record)));
  });
});
