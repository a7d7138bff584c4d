import type { Virtualizer } from '@tanstack/react-virtual';
import type { VisibleRange } from './load-more';

/**
 * The range the virtualizer reports for items of one fixed height scrolled to `offset`
 * (item pixels), overscan included, as its own range and overscan compute it: the first
 * item whose start is at or above the offset (clamped to the last full viewport), to the
 * first whose end reaches the viewport's bottom. Null when nothing is drawn.
 */
export function fixedRange(
  offset: number,
  viewport: number,
  itemHeight: number,
  count: number,
  overscan: number,
): VisibleRange | null {
  if (count <= 0 || viewport <= 0) return null;
  const last = count - 1;
  const top = Math.min(offset, Math.max(count * itemHeight - viewport, 0));
  let start = Math.min(Math.max(Math.floor(top / itemHeight), 0), last);
  // Products, not the quotient, decide at the edges (as the virtualizer compares them).
  while (start < last && (start + 1) * itemHeight <= top) start += 1;
  while (start > 0 && start * itemHeight > top) start -= 1;
  const bottom = top + viewport;
  let end = Math.max(start, Math.min(last, Math.floor(bottom / itemHeight) - 1));
  while (end > start && end * itemHeight >= bottom) end -= 1;
  while (end < last && (end + 1) * itemHeight < bottom) end += 1;
  return { startIndex: Math.max(start - overscan, 0), endIndex: Math.min(end + overscan, last) };
}

/**
 * The scroll offset of a list whose renders are held (decision 066: the grid's body is on
 * the canvas, its DOM rows frozen). A scroll event then only notes the offset and reports
 * the range if it moved (pages are still asked for); the virtualizer is told the offset
 * when something reads it (`sync`: a render, a key's scroll) or at the rest. Told at every
 * event, it read the element's extent (a layout read), classified the scroll, rebuilt its
 * items and ran its memos, per event, for rows no one draws.
 */
export class HeldScroll {
  private offset: number | null = null;
  private reported: VisibleRange | null = null;
  private syncing = false;

  /** `tell` gives the virtualizer a scroll offset (its offset observer's callback). */
  constructor(private readonly tell: (offset: number, isScrolling: boolean) => void) {}

  /** The offset scrolled to that the virtualizer has not been told, if any. */
  get pending(): number | null {
    return this.offset;
  }

  /** While `sync` tells the virtualizer: its notification is no news (reported already). */
  get quiet(): boolean {
    return this.syncing;
  }

  /** A scroll event while held: the offset noted, the range reported if it moved. */
  held(offset: number, range: VisibleRange | null, report: (range: VisibleRange) => void) {
    this.offset = offset;
    const last = this.reported;
    if (!range || (last?.startIndex === range.startIndex && last.endIndex === range.endIndex)) {
      return;
    }
    this.reported = range;
    report(range);
  }

  /** The virtualizer is told an offset read now (a scroll not held, the rest): none pending. */
  told(offset: number, isScrolling: boolean): void {
    this.offset = null;
    this.reported = null;
    this.tell(offset, isScrolling);
  }

  /** Tells the virtualizer the held offset, still scrolling, without a report or a render. */
  sync(): void {
    const offset = this.offset;
    if (offset === null) return;
    this.offset = null;
    this.syncing = true;
    try {
      this.tell(offset, true);
    } finally {
      this.syncing = false;
    }
  }

  /** The list went away (or its element changed): nothing pending. */
  drop(): void {
    this.offset = null;
    this.reported = null;
  }
}

/**
 * The virtualizer renders its list on every change of range while scrolling (its
 * `notify`, in a flushSync inside the scroll event), and has no option to skip one: at 10×
 * CPU that render was a third of the grid's scroll event while the canvas drew the body
 * anyway (decision 066). So its notify is wrapped: a change while scrolling and `held()`
 * reports the range (the virtualizer's own state, offset and range, stays current, so a key
 * press, Go to or a kept place read the right place) and renders nothing; the change that
 * ends the scrolling (not sync) renders as before; `quiet()` (a held offset told late)
 * neither reports nor renders. A virtualizer without a notify to wrap (a new version)
 * renders every change, as before; use-virtual-window.test.tsx fails then.
 */
export function holdRenders(
  virtualizer: Virtualizer<HTMLElement, Element>,
  held: () => boolean,
  quiet: () => boolean,
  report: (range: VisibleRange) => void,
) {
  const instance = virtualizer as unknown as { notify?: (sync: boolean) => void };
  const notify = instance.notify;
  if (typeof notify !== 'function') return;
  instance.notify = (sync) => {
    if (quiet()) return;
    if (sync && virtualizer.isScrolling && held()) {
      const items = virtualizer.getVirtualItems();
      const first = items[0];
      const last = items[items.length - 1];
      if (first && last) report({ startIndex: first.index, endIndex: last.index });
      return;
    }
    notify(sync);
  };
}
