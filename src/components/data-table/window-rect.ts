/**
 * The size a virtualizer assumes for its scroll element until it has measured it: the
 * window's, less what always covers the top (the grid's sticky header). The scroll element
 * is never larger than the window (the app and the embedded view fill it), so the first
 * render already draws every row and column in view, plus at most the few that the
 * window's other parts hide. With the virtualizer's default (0 × 0), the first render drew
 * only the overscan rows, and measuring then forced a layout of the whole page and a second,
 * synchronous render of all the rows in view (~250 ms of a throttled first load, issue 13);
 * now measuring only drops the rows the estimate had in excess.
 */
export function estimatedScrollRect(coveredTop: number): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 0, height: 0 };
  return {
    width: window.innerWidth,
    height: Math.max(0, window.innerHeight - coveredTop),
  };
}
