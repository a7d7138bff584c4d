/**
 * The size a virtualizer assumes for its scroll element until it has measured it: the
 * window's. The scroll element is never larger than the window (the app and the embedded
 * view fill it), so a first render drawn for it already holds what is in view, plus at most
 * what the window's other parts hide. With the virtualizer's default (0 × 0), a first render
 * drew only the overscan, and measuring then forced a layout and a second render of all
 * that is in view.
 */
export function estimatedScrollRect(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 0, height: 0 };
  return { width: window.innerWidth, height: window.innerHeight };
}
