import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { estimatedScrollRect } from './window-rect';

/**
 * From this many columns on, only the columns in view (and a few beside them) are drawn:
 * a survey of 80 questions would otherwise put 80 cells in every row and 80 filter inputs
 * in the header, most of them off screen. Below it every column is drawn, as before.
 */
export const COLUMN_WINDOW_FROM = 24;
/** Columns drawn beyond each side of the viewport: a Tab or arrow step lands on a drawn cell. */
const COLUMN_OVERSCAN = 2;

export interface ColumnWindow {
  /** The column indices to draw, ascending; null when every column is drawn. */
  drawn: readonly number[] | null;
  /** Left edge of each column in the row, in pixels. */
  starts: readonly number[];
  /** Brings a column into view horizontally (keyboard moves), clear of the frozen column. */
  scrollColumnIntoView: (columnIndex: number) => void;
  /** The column that stays at the left edge while the rest scroll sideways, or -1. */
  frozen: number;
}

/** Left edge of each column from their widths. */
export function columnStarts(widths: readonly number[]): number[] {
  const starts: number[] = [];
  let left = 0;
  for (const width of widths) {
    starts.push(left);
    left += width;
  }
  return starts;
}

/**
 * The columns drawn: those in view plus overscan, plus the ones that must stay (the grid's
 * active cell and a header control holding focus), so a focused element never unmounts.
 */
export function drawnColumns(
  inView: readonly number[],
  keep: readonly number[],
  columnCount: number,
): number[] {
  const drawn = new Set(inView);
  for (const index of keep) if (index >= 0 && index < columnCount) drawn.add(index);
  return [...drawn].sort((a, b) => a - b);
}

/**
 * The scrollLeft that shows column `index` whole (or its start, when it is wider than the
 * view) beside the frozen column, or null when it is in view already. A column right of
 * the frozen one is hidden under it when it starts less than the frozen width past the
 * left edge; one left of it never is (the frozen column is not stuck while it shows).
 */
export function scrollLeftToShow(
  index: number,
  starts: readonly number[],
  widths: readonly number[],
  frozen: number,
  view: { scrollLeft: number; width: number },
): number | null {
  const start = starts[index];
  const width = widths[index];
  if (start === undefined || width === undefined) return null;
  const covered = frozen >= 0 && index > frozen ? (widths[frozen] ?? 0) : 0;
  const left = view.scrollLeft + covered;
  const right = view.scrollLeft + view.width;
  if (start >= left && start + width <= right) return null;
  if (start < left || width > view.width - covered) return Math.max(0, start - covered);
  return start + width - view.width;
}

export function useColumnWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  widths: readonly number[],
  keep: readonly number[],
  /** The column frozen at the left edge (always drawn), or -1. */
  frozen = -1,
  /** A keyboard move has just scrolled sideways (the grid's own scroll, not the person's). */
  onAppScroll?: (element: HTMLElement) => void,
): ColumnWindow {
  const columnCount = widths.length;
  const windowed = columnCount >= COLUMN_WINDOW_FROM;
  const layoutKey = widths.join(',');
  const [initialRect] = useState(() => estimatedScrollRect());
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableCellElement>({
    horizontal: true,
    count: columnCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index] ?? 0,
    overscan: COLUMN_OVERSCAN,
    initialRect,
    enabled: windowed,
  });
  // Widths are known, never measured: a resize or a hidden column re-reads them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey stands for the widths
  useEffect(() => {
    if (windowed) virtualizer.measure();
  }, [layoutKey, windowed, virtualizer]);

  const starts = useMemo(() => columnStarts(widths), [widths]);
  const inView = windowed ? virtualizer.getVirtualItems().map((item) => item.index) : [];
  const keepKey = `${keep.join(',')}|${frozen}`;
  const inViewKey = inView.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the arrays
  const drawn = useMemo(
    () => (windowed ? drawnColumns(inView, [...keep, frozen], columnCount) : null),
    [windowed, inViewKey, keepKey, columnCount],
  );
  // Computed here rather than virtualizer.scrollToIndex: it knows nothing of the frozen
  // column, and it scrolls only when columns are windowed.
  const scrollColumnIntoView = useCallback(
    (columnIndex: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const target = scrollLeftToShow(columnIndex, starts, widths, frozen, {
        scrollLeft: element.scrollLeft,
        width: element.clientWidth,
      });
      if (target === null) return;
      element.scrollLeft = target;
      onAppScroll?.(element);
    },
    [scrollRef, starts, widths, frozen, onAppScroll],
  );
  // One object while nothing in it changes: memoized rows and the header compare it.
  return useMemo(
    () => ({
      drawn,
      starts,
      scrollColumnIntoView,
      frozen,
    }),
    [drawn, starts, scrollColumnIntoView, frozen],
  );
}

/** The column indices to draw: the window's, or every column. */
export function columnIndices(
  drawn: readonly number[] | null,
  columnCount: number,
): readonly number[] {
  return drawn ?? Array.from({ length: columnCount }, (_, index) => index);
}

/**
 * Where a header or body cell sits in its row. Windowed columns are placed absolutely at
 * their start; the frozen column is in flow instead (pushed to its start by a margin when
 * the others are absolute) and sticky at the left edge once the grid is scrolled sideways
 * (FROZEN_CELL_CLASS), so it stays in view while the row scrolls under it and returns to
 * its place when scrolled back.
 */
export function columnCellStyle(
  columnWindow: ColumnWindow,
  columnIndex: number,
  width: number,
  height: number,
): CSSProperties {
  const { drawn, starts, frozen } = columnWindow;
  if (columnIndex === frozen) {
    return {
      width,
      left: 0,
      zIndex: 1,
      ...(drawn ? { marginLeft: starts[columnIndex], height } : {}),
    };
  }
  return drawn ? { width, position: 'absolute', left: starts[columnIndex], height } : { width };
}

/**
 * The frozen cell's look: opaque (the row scrolls under it) and, once the grid is scrolled
 * sideways (`data-scrolled-x` on the scroll element, group/grid), sticky with a shadow on
 * its edge. Sticky only then: Chromium gives every sticky cell a compositing layer of its
 * own, and a row of them in each drawn row was ~10 layers to update every frame of a
 * vertical scroll (Layerize 2.2 → 0.8 ms a frame at 2× CPU without them). At the left edge
 * a cell in flow is where the sticky one would be.
 */
export const FROZEN_CELL_CLASS =
  'relative group-data-[scrolled-x=true]/grid:sticky group-data-[scrolled-x=true]/grid:shadow-[4px_0_6px_-3px_rgb(15_23_42/0.3)] group-data-[scrolled-x=true]/grid:border-r-slate-300 dark:group-data-[scrolled-x=true]/grid:border-r-slate-600 dark:group-data-[scrolled-x=true]/grid:shadow-[4px_0_6px_-3px_rgb(0_0_0/0.7)]';
