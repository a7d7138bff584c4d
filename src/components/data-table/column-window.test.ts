import { describe, expect, it } from 'vitest';
import { columnStarts, drawnColumns } from './column-window';

describe('column window', () => {
  it('places each column after the widths before it', () => {
    expect(columnStarts([120, 80, 200])).toEqual([0, 120, 200]);
    expect(columnStarts([])).toEqual([]);
  });

  it('draws the columns in view and keeps the focused ones, in order, once each', () => {
    expect(drawnColumns([10, 11, 12, 13], [0], 80)).toEqual([0, 10, 11, 12, 13]);
    expect(drawnColumns([10, 11, 12], [11, 79], 80)).toEqual([10, 11, 12, 79]);
  });

  it('ignores a kept column that no longer exists (a column was hidden)', () => {
    expect(drawnColumns([0, 1], [-1, 5], 3)).toEqual([0, 1]);
  });
});
