import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
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
  /** Brings a column into view horizontally (keyboard moves), when columns are windowed. */
  scrollColumnIntoView: (columnIndex: number) => void;
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

export function useColumnWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  widths: readonly number[],
  keep: readonly number[],
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
  const keepKey = keep.join(',');
  const inViewKey = inView.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the arrays
  const drawn = useMemo(
    () => (windowed ? drawnColumns(inView, keep, columnCount) : null),
    [windowed, inViewKey, keepKey, columnCount],
  );
  const scrollColumnIntoView = useCallback(
    (columnIndex: number) => {
      if (windowed) virtualizer.scrollToIndex(columnIndex, { align: 'auto' });
    },
    [windowed, virtualizer],
  );
  // One object while nothing in it changes: memoized rows and the header compare it.
  return useMemo(
    () => ({
      drawn,
      starts,
      scrollColumnIntoView,
    }),
    [drawn, starts, scrollColumnIntoView],
  );
}

/** The column indices to draw: the window's, or every column. */
export function columnIndices(
  drawn: readonly number[] | null,
  columnCount: number,
): readonly number[] {
  return drawn ?? Array.from({ length: columnCount }, (_, index) => index);
}
