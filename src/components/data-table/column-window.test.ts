import { describe, expect, it } from 'vitest';
import { columnStarts, drawnColumns, scrollLeftToShow } from './column-window';

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

  describe('scrolling a column into view beside the frozen one', () => {
    // Five columns of 100 px, the first frozen; a view 250 px wide.
    const widths = [100, 100, 100, 100, 100];
    const starts = columnStarts(widths);

    it('leaves a column alone when it is in view and clear of the frozen column', () => {
      expect(scrollLeftToShow(2, starts, widths, 0, { scrollLeft: 0, width: 350 })).toBeNull();
    });

    it('scrolls a column out from under the frozen one: its start just past it', () => {
      // scrollLeft 150: column 2 (200-300) starts 50 px under the frozen column (150-250).
      expect(scrollLeftToShow(2, starts, widths, 0, { scrollLeft: 150, width: 250 })).toBe(100);
    });

    it('scrolls right to show a column cut at the right edge', () => {
      expect(scrollLeftToShow(4, starts, widths, 0, { scrollLeft: 0, width: 250 })).toBe(250);
    });

    it('shows the frozen column itself, and any column without a frozen one, plainly', () => {
      expect(scrollLeftToShow(0, starts, widths, 0, { scrollLeft: 300, width: 250 })).toBe(0);
      expect(scrollLeftToShow(2, starts, widths, -1, { scrollLeft: 150, width: 250 })).toBeNull();
    });
  });
});
