export interface VisibleRange {
  startIndex: number;
  endIndex: number;
}

export interface LoadedWindow {
  /** Index of the first row held in memory. */
  firstRow: number;
  /** Index one past the last row held in memory. */
  endRow: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** Any page request in flight: one at a time, so a page is never asked for twice. */
  isFetching: boolean;
}

/** Start fetching the next page while this many loaded rows are still below the viewport. */
export const PREFETCH_ROWS = 60;
/**
 * Once the window holds more than a first page, the next page is asked for while this
 * many of its rows are still below the viewport.
 */
export const PREFETCH_ROWS_FAR = 250;

/**
 * Rows in view this far from the window (a scrollbar drag, Ctrl+Home) are fetched
 * directly from their page's cursor instead of walking there page by page.
 */
export const SEEK_DISTANCE_ROWS = 1_000;

/**
 * Which page, if any, the rows in view call for: the previous one when rows above the
 * window are in view, the next one when the view nears the window's end.
 */
export function pageRequestFor(
  range: VisibleRange,
  window: LoadedWindow,
): 'next' | 'previous' | 'seek' | null {
  if (window.isFetching) return null;
  if (
    range.endIndex < window.firstRow - SEEK_DISTANCE_ROWS ||
    range.startIndex >= window.endRow + SEEK_DISTANCE_ROWS
  ) {
    return 'seek';
  }
  if (window.hasPreviousPage && range.startIndex < window.firstRow) return 'previous';
  const ahead = Math.max(
    PREFETCH_ROWS,
    Math.min(PREFETCH_ROWS_FAR, (window.endRow - window.firstRow) / 2),
  );
  if (window.hasNextPage && range.endIndex >= window.endRow - ahead) return 'next';
  return null;
}
