import { describe, expect, it } from 'vitest';
import { column, record } from '../testing/records-test-utils';
import { recordTitleOf } from './record-panel';

describe('recordTitleOf', () => {
  const row = record('0b7c…-id', { order_no: 45751, name: 'Ada Lovelace', notes: null });

  it('prefers the primary column, naming a bare number by its column', () => {
    const columns = [
      column('name', 'TEXT', { orderIndex: 0 }),
      column('order_no', 'SERIAL', { orderIndex: 1, isPrimary: true }),
    ];
    expect(recordTitleOf(row, columns)).toBe('order_no 45,751');
  });

  it('falls back to the first text column, then to the id', () => {
    expect(recordTitleOf(row, [column('name', 'TEXT', { orderIndex: 0 })])).toBe('Ada Lovelace');
    expect(recordTitleOf(row, [column('notes', 'TEXT', { orderIndex: 0 })])).toBe('0b7c…-id');
  });
});
