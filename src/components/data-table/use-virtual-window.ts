import {
  elementScroll,
  observeElementRect,
  useVirtualizer,
  type VirtualItem,
} from '@tanstack/react-virtual';
import {
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
} from 'react';
import { flushSync } from 'react-dom';
import { fixedRange, HeldScroll, holdRenders } from './held-scroll';
import type { VisibleRange } from './load-more';
import { measureItem } from './measure-item';
import { ScrollRest } from './scroll-rest';
import { drawnPosition, scrollAreaHeight, scrollScale } from './scroll-scale';

export interface VirtualWindowOptions {
  /** The element that scrolls (the items are drawn inside it, below `topInset`). */
  scrollRef: RefObject<HTMLElement | null>;
  /** Items the scroll area spans, drawn or not. */
  count: number;
  /**
   * An item's height in pixels: every item's, or, with `measured`, the estimate for an
   * item not drawn yet.
   */
  itemHeight: number;
  /**
   * Items of differing heights (cards), measured once drawn: give each drawn item
   * `ref={measureElement}` and `data-index={item.index}`. Without it every item is
   * `itemHeight` tall and nothing is measured (the grid's rows).
   */
  measured?: boolean;
  /** Pixels at the top of the scroll element a sticky header covers: items see what is below. */
  topInset: number;
  /** Items drawn beyond each edge of the viewport while scrolling at a person's pace. */
  overscan: number;
  /**
   * A list read from its end (decision 018): it opens at its end, and items added above
   * push the view down by as much, so the items in view stay where they are.
   */
  growsUpward?: boolean;
  /** The items drawn, overscan included: what a loader uses to fetch around the view. */
  onRangeChange?: (range: VisibleRange) => void;
  /** The list itself has just moved its scroll (not the person): see use-canvas-mode.ts. */
  onAppScroll?: (element: HTMLElement) => void;
  /**
   * Fixed heights only. While it returns true, a change of range in a scroll renders
   * nothing (decision 066: the grid's body is drawn on a canvas meanwhile and its DOM rows
   * stay as they were): the range is reported at once, so pages are still asked for, and
   * the list renders when the scrolling stops or when anything else renders it.
   */
  holdRender?: () => boolean;
}

export interface VirtualWindow {
  /** The items to draw now (none on the first render; only those in view during a leap). */
  items: VirtualItem[];
  /** Where to draw an item inside the scroll area (its `translateY`), whatever the scale. */
  positionOf: (item: VirtualItem) => number;
  /** The height to give the element that holds the items (capped; see scroll-scale.ts). */
  areaHeight: number;
  /** The viewport's height below `topInset`, as last measured. */
  viewportHeight: number;
  /** Scrolls so item `index` is in view (`auto`: only if it isn't) or at the top (`start`). */
  scrollIndexIntoView: (index: number, align: 'auto' | 'start') => void;
  /** The item at the top of the viewport, under the header (where the person is). */
  topIndex: () => number;
  /** With `measured`: the ref callback that measures a drawn item. */
  measureElement: (element: Element | null) => void;
  /**
   * True while the list is being scrolled: until REST_MS of the person's time without a
   * scroll event or `scrollInput` (scroll-rest.ts; a long task is not quiet).
   */
  scrolling: boolean;
  /** A person's scroll input (wheel, touch, key) came: a scrolling going on is not over. */
  scrollInput: () => void;
  /** Item pixels per scroll pixel (scroll-scale.ts). */
  scale: number;
}

/**
 * The virtual window of a long list: which items are near the viewport and where to draw
 * them. Shared by the grid's rows (fixed height) and any list of measured items (the phone
 * cards). It owns the scroll measuring, the row virtualizer and the scroll scale that lets
 * a million items fit under the browser's element height limit (scroll-scale.ts).
 */
export function useVirtualWindow({
  scrollRef,
  count,
  itemHeight,
  measured = false,
  topInset,
  overscan,
  growsUpward = false,
  onRangeChange,
  onAppScroll,
  holdRender,
}: VirtualWindowOptions): VirtualWindow {
  const onAppScrollRef = useRef(onAppScroll);
  onAppScrollRef.current = onAppScroll;
  /** Moves the scroll as the list's own doing (a key, Go to, a kept place, rows added above). */
  const scrollTo = useCallback((element: HTMLElement, top: number) => {
    if (Math.abs(element.scrollTop - top) < 1) return;
    element.scrollTop = top;
    onAppScrollRef.current?.(element);
  }, []);
  const topInsetRef = useRef(topInset);
  topInsetRef.current = topInset;
  const viewportHeightRef = useRef(0);
  const scaleRef = useRef(1);
  /** Tells the virtualizer where the items are scrolled to, without waiting for the scroll event. */
  const reportOffsetRef = useRef<((offset: number, isScrolling: boolean) => void) | null>(null);
  /** A scroll event while renders are held: only the offset noted (held-scroll.ts). */
  const holdScrollRef = useRef<(offset: number) => boolean>(() => false);
  const heldRef = useRef<HeldScroll | null>(null);
  /** The offset the items were last drawn for (see `leaping` below). */
  const previousOffsetRef = useRef(0);
  // With `measured` (decision 067): items are measured without reading the layout
  // (measure-item.ts) and drawn in a render of their own after the scroll event rather than
  // inside it (flushSync): a new card's render, its effects and its first layout no longer
  // all land in the frame that scrolls. The overscan items are drawn ahead of the viewport,
  // so a card is in place before it shows; a leap (more than a screen since the last
  // drawing) is still drawn at once.
  const measuringRef = useRef(false);
  const restRef = useRef<ScrollRest | null>(null);
  const [, drawNow] = useReducer((draws: number) => draws + 1, 0);

  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemHeight,
    overscan,
    ...(measured && {
      measureElement: measureItem,
      useFlushSync: false,
      onChange: (instance, scrolling) => {
        if (!scrolling || measuringRef.current) return;
        const moved = Math.abs((instance.scrollOffset ?? 0) - previousOffsetRef.current);
        if (moved > viewportHeightRef.current) flushSync(drawNow);
      },
    }),
    // The sticky header covers the top of the scroll element: items see what is below it.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => {
        const height = Math.max(0, rect.height - topInsetRef.current);
        viewportHeightRef.current = height;
        onRect({ width: rect.width, height });
      }),
    // The library's own offset observer ends the scrolling by a timer set at each scroll
    // event, which a long task fools (scroll-rest.ts); this one ends it by ScrollRest.
    observeElementOffset: (instance, onOffset) => {
      const held = new HeldScroll(onOffset);
      heldRef.current = held;
      reportOffsetRef.current = (offset, isScrolling) => held.told(offset, isScrolling);
      const element = instance.scrollElement;
      if (!element) return;
      const report = (isScrolling: boolean) =>
        held.told(element.scrollTop * scaleRef.current, isScrolling);
      const rest = new ScrollRest(() => report(false));
      restRef.current = rest;
      const onScroll = () => {
        rest.scrolled();
        if (!holdScrollRef.current(element.scrollTop * scaleRef.current)) report(true);
      };
      element.addEventListener('scroll', onScroll, { passive: true });
      return () => {
        element.removeEventListener('scroll', onScroll);
        rest.cancel();
        held.drop();
        if (restRef.current === rest) restRef.current = null;
      };
    },
    scrollToFn: (offset, { adjustments = 0, behavior }, instance) => {
      elementScroll((offset + adjustments) / scaleRef.current, { behavior }, instance);
      if (instance.scrollElement) onAppScrollRef.current?.(instance.scrollElement);
    },
  });
  const holdRenderRef = useRef(holdRender);
  holdRenderRef.current = holdRender;
  const onRangeChangeRef = useRef(onRangeChange);
  onRangeChangeRef.current = onRangeChange;
  const holdingRef = useRef(false);
  if (!measured && !holdingRef.current) {
    holdingRef.current = true;
    holdRenders(
      virtualizer,
      () => holdRenderRef.current?.() === true,
      () => heldRef.current?.quiet === true,
      (range) => onRangeChangeRef.current?.(range),
    );
  }
  // Held (the canvas shows, decision 066): a scroll event notes its offset and reports the
  // range if it moved, and the virtualizer hears of it when read (below) or at the rest.
  holdScrollRef.current = (top) => {
    const held = heldRef.current;
    if (measured || !held || !virtualizer.isScrolling || holdRenderRef.current?.() !== true) {
      return false;
    }
    const range = fixedRange(top, viewportHeightRef.current, itemHeight, count, overscan);
    held.held(top, range, (moved) => onRangeChangeRef.current?.(moved));
    return true;
  };
  // A render while held (a page arriving, painting ended) draws from where the scroll is.
  heldRef.current?.sync();
  const totalHeight = measured ? virtualizer.getTotalSize() : count * itemHeight;
  scaleRef.current = scrollScale(totalHeight, viewportHeightRef.current);
  const scale = scaleRef.current;
  const offset = virtualizer.scrollOffset ?? 0;
  const virtualItems = virtualizer.getVirtualItems();
  // A scroll of more than a screen since the last render (a fling, a scrollbar drag) draws
  // only the items in view: the overscan items would be gone again by the next frame. They
  // come back when the scrolling stops (the virtualizer renders again then).
  // A render between two leaps that moved nothing (a page arriving, a status change) stays
  // a leap: drawing the overscan rows for it created ~6 rows that the next frame removed
  // again, about a row of new elements every frame of a fling (issue 13).
  const leapingRef = useRef(false);
  const viewportHeight = viewportHeightRef.current;
  const moved = Math.abs(offset - previousOffsetRef.current);
  const leaping =
    virtualizer.isScrolling && (moved > viewportHeight || (moved === 0 && leapingRef.current));
  useLayoutEffect(() => {
    previousOffsetRef.current = offset;
    leapingRef.current = leaping;
  });
  // Measured items (the phone's cards): the first render draws no items; they follow in a
  // render of their own that React may interrupt. The page around the list (on a phone the
  // status line is its largest text) paints without waiting for them, and the scroll
  // element is measured before any item is drawn, so the items are drawn once, for the
  // size it has. Drawn at once, the first pass knew no size (overscan items only), and
  // measuring then forced a layout and a second render of every item in view, in one task
  // (~170 ms of a 4x slowed first load, issue 13). The grid's rows are drawn in the commit
  // that mounts the list instead: the first pass draws the overscan rows, and the size
  // measured in its layout effect draws the rest before the browser paints. One task, but
  // the first row no longer waits for a paint and a render in slices (~100 ms of Connect →
  // first row at 2× CPU), and a grid is a desk's list, not a phone's largest paint.
  const itemsDeferred = useDeferredValue(false, measured);
  const items = itemsDeferred
    ? []
    : leaping
      ? virtualItems.filter((item) => item.end > offset && item.start < offset + viewportHeight)
      : virtualItems;

  // A list that grows upward opens at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (growsUpward && element) scrollTo(element, element.scrollHeight);
  }, []);
  // Items added above a list that grows upward push the view down by as much, before paint.
  const previousCount = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of count is what it answers
  useLayoutEffect(() => {
    const added = count - previousCount.current;
    previousCount.current = count;
    if (!growsUpward || added === 0) return;
    const element = scrollRef.current;
    if (element) {
      scrollTo(element, element.scrollTop + (added * itemHeight) / scaleRef.current);
      // Drawn at once from the new position: waiting for the scroll event would paint one
      // frame of the old items' places, now above the viewport (a blank flash).
      reportOffsetRef.current?.(element.scrollTop * scaleRef.current, false);
    }
  }, [count, growsUpward]);

  const firstRendered = virtualItems[0]?.index;
  const lastRendered = virtualItems[virtualItems.length - 1]?.index;
  useEffect(() => {
    if (firstRendered === undefined || lastRendered === undefined) return;
    onRangeChange?.({ startIndex: firstRendered, endIndex: lastRendered });
  }, [firstRendered, lastRendered, onRangeChange]);

  /** An item's extent in item pixels: computed for fixed heights, measured (or estimated) otherwise. */
  const extentOf = useCallback(
    (index: number): { start: number; end: number } => {
      const item = measured ? virtualizer.measurementsCache[index] : undefined;
      if (item) return { start: item.start, end: item.end };
      return { start: index * itemHeight, end: (index + 1) * itemHeight };
    },
    [measured, itemHeight, virtualizer],
  );

  // Not virtualizer.scrollToIndex: it clamps its item-pixel target to the scroll element's
  // own height, which is capped (scroll-scale.ts), so past ~222,000 rows the end of a table
  // could not be reached. The target is computed here in item pixels and written to the
  // element in scaled pixels.
  const scrollIndexIntoView = useCallback(
    (index: number, align: 'auto' | 'start') => {
      const element = scrollRef.current;
      if (!element) return;
      heldRef.current?.sync();
      const viewport = viewportHeightRef.current;
      const { start, end } = extentOf(index);
      const current = virtualizer.scrollOffset ?? 0;
      let target = start;
      if (align === 'auto') {
        if (start >= current && end <= current + viewport) return;
        if (start > current) target = end - viewport;
      } else if (measured && scaleRef.current === 1) {
        // Measured items above the target were estimates: the virtualizer's own scroll
        // follows the target as they are drawn and measured, until it stays at the top
        // (written here once, the target landed a card or two off after a reload).
        virtualizer.scrollToIndex(index, { align: 'start' });
        return;
      }
      const total = measured ? virtualizer.getTotalSize() : count * itemHeight;
      const lastOffset = Math.max(0, total - viewport);
      const to = Math.min(Math.max(target, 0), lastOffset);
      // Already there as the last scroll event said, and not being scrolled: no write. Reading
      // the element's offset to find out lays out what a commit just changed (a find's switch
      // to its matches scrolled the kept grid to its top that way: a forced layout, decision
      // 061's sixth addendum).
      if (align === 'start' && to === current && !virtualizer.isScrolling) return;
      scrollTo(element, to / scaleRef.current);
    },
    [scrollRef, extentOf, count, itemHeight, measured, virtualizer, scrollTo],
  );

  // Measuring as an item attaches runs inside React's commit, where the leap above must not
  // flush a render.
  const measureElement = useCallback(
    (element: Element | null) => {
      measuringRef.current = true;
      try {
        virtualizer.measureElement(element);
      } finally {
        measuringRef.current = false;
      }
    },
    [virtualizer],
  );

  const scrollInput = useCallback(() => restRef.current?.input(), []);

  const topIndex = useCallback(() => {
    const top = heldRef.current?.pending ?? virtualizer.scrollOffset ?? 0;
    if (!measured) return Math.floor(top / itemHeight);
    const items = virtualizer.measurementsCache;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((items[middle]?.end ?? 0) <= top) low = middle + 1;
      else high = middle;
    }
    return Math.max(0, low);
  }, [measured, itemHeight, virtualizer]);

  return {
    items,
    positionOf: (item) => drawnPosition(item.start, offset, scale),
    areaHeight: scrollAreaHeight(totalHeight),
    viewportHeight,
    scrollIndexIntoView,
    topIndex,
    measureElement,
    scrolling: virtualizer.isScrolling,
    scrollInput,
    scale,
  };
}
