import { describe, expect, it } from 'vitest';
import type { DrawnCell } from './canvas-painter';
import { DrawnCells, type DrawnTextOf } from './drawn-cells';

function rowOf(values: Record<string, unknown>) {
  return { getValue: (id: string) => values[id] };
}

/** A column's text that says how often it was asked and reads a name known now. */
function countingText(names: Map<unknown, string>) {
  const calls = { count: 0 };
  const text: DrawnTextOf = (value): DrawnCell => {
    calls.count += 1;
    return names.get(value) ?? String(value);
  };
  return { text, calls };
}

describe('DrawnCells', () => {
  it('formats a row once while it crosses the viewport during one scroll', () => {
    const { text, calls } = countingText(new Map());
    const cells = new DrawnCells<ReturnType<typeof rowOf>>();
    const row = rowOf({ amount: 12 });
    for (let frame = 0; frame < 5; frame++) {
      cells.setColumns(['amount'], [text]);
      expect(cells.paintRowOf(row, false).cell(0)).toBe('12');
    }
    expect(calls.count).toBe(1);
  });

  it('draws a changed record (a new row object) with its new value', () => {
    const { text } = countingText(new Map());
    const cells = new DrawnCells<ReturnType<typeof rowOf>>();
    cells.setColumns(['amount'], [text]);
    expect(cells.paintRowOf(rowOf({ amount: 12 }), false).cell(0)).toBe('12');
    expect(cells.paintRowOf(rowOf({ amount: 13 }), false).cell(0)).toBe('13');
  });

  it('draws in the new language or columns as soon as the columns change', () => {
    const english: DrawnTextOf = (value) => `en ${String(value)}`;
    const spanish: DrawnTextOf = (value) => `es ${String(value)}`;
    const cells = new DrawnCells<ReturnType<typeof rowOf>>();
    const row = rowOf({ a: 1, b: 2 });
    cells.setColumns(['a', 'b'], [english, english]);
    expect(cells.paintRowOf(row, false).cell(1)).toBe('en 2');
    cells.setColumns(['a', 'b'], [spanish, spanish]);
    expect(cells.paintRowOf(row, false).cell(1)).toBe('es 2');
    // A column hidden: the second column drawn is now `b`, not a kept `a`.
    cells.setColumns(['b'], [spanish]);
    expect(cells.paintRowOf(row, false).cell(0)).toBe('es 2');
  });

  it("draws a linked record's name learnt since the last scroll when the next one starts", () => {
    const names = new Map<unknown, string>();
    const { text } = countingText(names);
    const cells = new DrawnCells<ReturnType<typeof rowOf>>();
    const row = rowOf({ customer: 'rec_1' });
    cells.setColumns(['customer'], [text]);
    expect(cells.paintRowOf(row, false).cell(0)).toBe('rec_1');
    names.set('rec_1', 'Ada Lovelace');
    cells.clear();
    cells.setColumns(['customer'], [text]);
    expect(cells.paintRowOf(row, false).cell(0)).toBe('Ada Lovelace');
  });

  it("reads a row's mark as it is now, not as it was kept", () => {
    const { text } = countingText(new Map());
    const cells = new DrawnCells<ReturnType<typeof rowOf>>();
    const row = rowOf({ a: 1 });
    cells.setColumns(['a'], [text]);
    expect(cells.paintRowOf(row, false).marked).toBe(false);
    expect(cells.paintRowOf(row, true).marked).toBe(true);
  });
});
