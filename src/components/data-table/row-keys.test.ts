import { describe, expect, it } from 'vitest';
import { RowKeys } from './row-keys';

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, offset) => from + offset);
const always = () => true;

describe('RowKeys', () => {
  it('keeps the key of a row that stays drawn and gives a row that came in the key of one that left', () => {
    const keys = new RowKeys();
    const before = keys.assign(range(0, 5), always);
    const after = keys.assign(range(2, 7), always);
    // Rows 2–4 keep theirs; rows 5 and 6 take those of rows 0 and 1, lowest first.
    expect(after).toEqual([before[2], before[3], before[4], before[0], before[1]]);
  });

  it('hands every key on in the same order when the view jumps past all drawn rows', () => {
    const keys = new RowKeys();
    const before = keys.assign(range(0, 4), always);
    keys.assign(range(1, 5), always);
    const scrolled = keys.assign(range(1, 5), always);
    expect(keys.assign(range(1_000, 1_004), always)).toEqual(scrolled);
    expect(new Set(scrolled)).toEqual(new Set(before));
  });

  it('gives the same keys for the same rows, and distinct keys within one set of rows', () => {
    const keys = new RowKeys();
    keys.assign(range(0, 10), always);
    const first = keys.assign(range(3, 13), always);
    expect(keys.assign(range(3, 13), always)).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
    const grown = keys.assign(range(3, 20), always);
    expect(new Set(grown).size).toBe(grown.length);
  });

  it('never lends the elements of a row that may not hand them on (focus, a selection)', () => {
    const keys = new RowKeys();
    const before = keys.assign(range(0, 3), always);
    const focusedRowKey = before[1];
    const after = keys.assign(range(10, 13), (rowIndex) => rowIndex !== 1);
    expect(after).not.toContain(focusedRowKey);
    expect(after).toContain(before[0]);
    expect(after).toContain(before[2]);
    expect(new Set(after).size).toBe(3);
    // Nor later: that key is gone for good, not waiting to be reused.
    expect(keys.assign(range(20, 26), always)).not.toContain(focusedRowKey);
  });
});
