/**
 * Browsers stop growing an element somewhere between 17.9M px (Firefox) and 33.5M px
 * (Chrome); a million rows at 36 px is 36M. Past this height the scroll area is scaled:
 * it stays this tall and a scroll position maps linearly onto the rows.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

/** The height the scroll area is given for rows spanning `totalHeight`. */
export function scrollAreaHeight(totalHeight: number): number {
  return Math.min(totalHeight, MAX_SCROLL_HEIGHT);
}

/**
 * Row pixels per scroll pixel, chosen so the top of the scroll range shows the first row
 * and the bottom shows the last: (total − viewport) / (area − viewport).
 */
export function scrollScale(totalHeight: number, viewportHeight: number): number {
  const area = scrollAreaHeight(totalHeight);
  if (totalHeight <= area || area <= viewportHeight) return 1;
  return (totalHeight - viewportHeight) / (area - viewportHeight);
}

/**
 * Where a row starting at `rowStart` (in row pixels) is drawn inside the scroll area when
 * the rows' offset is `rowOffset`: next to the viewport, whatever the scale.
 */
export function drawnPosition(rowStart: number, rowOffset: number, scale: number): number {
  return rowStart - rowOffset + rowOffset / scale;
}
