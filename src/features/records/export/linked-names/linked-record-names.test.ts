import { describe, expect, it } from 'vitest';
import { column, customerColumns, order } from '../testing/reference-names-fixtures';
import { exportLabelOf } from './linked-record-names';

describe('exportLabelOf', () => {
  it('is the label column in full, a number with its column name, else empty', () => {
    const long = 'x'.repeat(300);
    expect(exportLabelOf(order('a', { name: long }), customerColumns)).toBe(long);
    const serial = { ...column('order_no', 'SERIAL'), isPrimary: true };
    expect(exportLabelOf(order('a', { order_no: 45751 }), [serial])).toBe('order_no 45751');
    expect(exportLabelOf(order('a', { name: null }), customerColumns)).toBe('');
    expect(exportLabelOf(order('a', { n: 1, title: 'Untyped' }), null)).toBe('Untyped');
  });
});
