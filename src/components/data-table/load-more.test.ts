import { describe, expect, it } from 'vitest';
import { type LoadedWindow, PREFETCH_ROWS, PREFETCH_ROWS_FAR, pageRequestFor } from './load-more';

const window: LoadedWindow = {
  firstRow: 0,
  endRow: 600,
  hasNextPage: true,
  hasPreviousPage: false,
  isFetching: false,
};

describe('pageRequestFor', () => {
  it('asks for the next page only near the end of what is loaded', () => {
    expect(pageRequestFor({ startIndex: 0, endIndex: 30 }, window)).toBeNull();
    expect(pageRequestFor({ startIndex: 500, endIndex: 600 - PREFETCH_ROWS }, window)).toBe('next');
  });

  it('asks a whole window for its next page half a page ahead, a first page only near its end', () => {
    // A fast scroll (a flick, a scrollbar held down) reaches the next page's rows before
    // they arrive unless they are asked for well ahead: placeholders drawn, then drawn again.
    expect(pageRequestFor({ startIndex: 330, endIndex: 600 - PREFETCH_ROWS_FAR }, window)).toBe(
      'next',
    );
    expect(
      pageRequestFor({ startIndex: 330, endIndex: 599 - PREFETCH_ROWS_FAR }, window),
    ).toBeNull();
    // The first page (100 rows) is not followed by a second one as soon as it is drawn.
    const first = { ...window, endRow: 100 };
    expect(pageRequestFor({ startIndex: 0, endIndex: 30 }, first)).toBeNull();
    expect(pageRequestFor({ startIndex: 20, endIndex: 100 - PREFETCH_ROWS }, first)).toBe('next');
  });

  it('never asks twice while a page is on its way, nor past the end', () => {
    expect(
      pageRequestFor({ startIndex: 580, endIndex: 599 }, { ...window, isFetching: true }),
    ).toBeNull();
    expect(
      pageRequestFor({ startIndex: 580, endIndex: 599 }, { ...window, hasNextPage: false }),
    ).toBeNull();
  });

  it('asks for the previous page when rows above the window come into view', () => {
    const moved = { ...window, firstRow: 1100, endRow: 4600, hasPreviousPage: true };
    expect(pageRequestFor({ startIndex: 1090, endIndex: 1120 }, moved)).toBe('previous');
    expect(pageRequestFor({ startIndex: 2000, endIndex: 2030 }, moved)).toBeNull();
  });

  it('seeks instead of walking when the rows in view are far from the window', () => {
    const deep = {
      ...window,
      firstRow: 96_600,
      endRow: 100_000,
      hasPreviousPage: true,
      hasNextPage: false,
    };
    expect(pageRequestFor({ startIndex: 0, endIndex: 30 }, deep)).toBe('seek');
    expect(
      pageRequestFor({ startIndex: 0, endIndex: 30 }, { ...deep, isFetching: true }),
    ).toBeNull();
  });
});
