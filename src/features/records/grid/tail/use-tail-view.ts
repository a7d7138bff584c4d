import { type RefObject, useCallback, useMemo, useRef } from 'react';
import type { DataTableHandle } from '../../../../components/data-table/data-table';
import { PREFETCH_ROWS, type VisibleRange } from '../../../../components/data-table/load-more';
import type { Column, RecordQuery, RecordRow, TableView } from '../../../../lib/api/types';
import { formatNumber } from '../../../../lib/i18n/formats';
import type { SavedViewOrder } from '../../api/reverse-order';
import { tailStatusText } from './tail-status';
import { useRecordTail } from './use-record-tail';

/** Grey rows drawn above the tail while earlier records may follow: scrolling to them reads more. */
export const TAIL_PLACEHOLDER_ROWS = 3;

/** What the grid needs of the main window to hand over to the tail and back. */
interface MainWindow {
  rows: RecordRow[];
  firstRow: number;
  endRow: number;
  reachedEnd: boolean;
  onVisibleRangeChange: (range: VisibleRange | null) => void;
  /** The walk of decision 004: resolves with the last row's index, or null. */
  jumpToEnd: () => Promise<number | null>;
}

export interface TailViewOptions {
  tableId: string;
  /** The view as asked of the service. */
  query: RecordQuery;
  /** The saved view the grid shows, if any (its sort and filters apply under the query's). */
  savedView: TableView | null;
  columns: readonly Column[];
  main: MainWindow;
  gridRef: RefObject<DataTableHandle | null>;
}

/**
 * The grid's rows from either window: the main one (positions from the first row) or,
 * after Jump to end, the tail (the view's last records, anchored at the bottom, decision
 * 018). Jump to end tries the tail first and walks when the view can't be read backwards.
 */
export function useTailView({
  tableId,
  query,
  savedView,
  columns,
  main,
  gridRef,
}: TailViewOptions) {
  const walkRef = useRef<() => void>(() => {});
  const view: SavedViewOrder | null =
    query.view && savedView && savedView.id === query.view
      ? { sort: savedView.sort, filters: savedView.filters }
      : null;
  const tail = useRecordTail({
    tableId,
    query,
    savedView: view,
    sortColumnType: (name) => columns.find((column) => column.name === name)?.type ?? null,
    forwardRows: main.rows,
    onRefused: () => walkRef.current(),
  });

  const placeholders =
    tail.active && !tail.reachedStart && !tail.full && tail.problem === null
      ? TAIL_PLACEHOLDER_ROWS
      : 0;
  const tailRowCount = placeholders + tail.rows.length;

  const walk = useCallback(async (): Promise<number | null> => main.jumpToEnd(), [main]);
  const jumpToEnd = useCallback(async (): Promise<number | null> => {
    if (tail.active) return tailRowCount - 1;
    // The main window already holds the end, or knows where it is: nothing to read backwards.
    if (main.reachedEnd) return walk();
    const started = await tail.start();
    if (started.kind === 'cancelled') return null;
    if (started.kind === 'shown') {
      return (started.reachedStart ? 0 : TAIL_PLACEHOLDER_ROWS) + started.rows - 1;
    }
    return walk();
  }, [tail, tailRowCount, main.reachedEnd, walk]);
  walkRef.current = () => {
    tail.exit();
    void walk().then((lastRow) => {
      if (lastRow !== null && lastRow >= 0) gridRef.current?.focusRow(lastRow);
    });
  };

  // The grid opens at the tail's bottom; reading earlier records waits until it got there.
  const sawBottom = useRef(false);
  if (!tail.active) sawBottom.current = false;
  const { loadEarlier } = tail;
  const canLoadEarlier = tail.hasEarlier && !tail.loading;
  const onTailRange = useCallback(
    (range: VisibleRange | null) => {
      if (range === null) return;
      if (range.endIndex >= tailRowCount - 1) sawBottom.current = true;
      if (sawBottom.current && canLoadEarlier && range.startIndex < placeholders + PREFETCH_ROWS) {
        void loadEarlier();
      }
    },
    [tailRowCount, placeholders, canLoadEarlier, loadEarlier],
  );

  const backToStart = tail.exit;

  const statusText = tail.active
    ? tailStatusText({
        rows: tail.rows.length,
        reachedStart: tail.reachedStart,
        full: tail.full,
        loading: tail.loading,
        stopped: tail.problem !== null || tail.failure !== null,
      })
    : null;

  const rows = tail.active ? tail.rows : main.rows;
  return {
    tail,
    /** True while the grid shows the tail. */
    active: tail.active,
    /** Reading the end backwards has started and nothing is shown yet. */
    starting: tail.loading && !tail.active,
    rows,
    firstRow: tail.active ? placeholders : main.firstRow,
    endRow: tail.active ? tailRowCount : main.endRow,
    /** Rows the grid spans in the tail (placeholders above included). */
    tailRowCount,
    onVisibleRangeChange: tail.active ? onTailRange : main.onVisibleRangeChange,
    jumpToEnd,
    backToStart,
    /** The tail's line for the status, or null outside it. */
    statusText,
    /** The record's place counted from the end ("3" in "record 3 from the end"), or null outside the tail. */
    positionOf: useMemo(
      () =>
        tail.active ? (indexInRows: number) => formatNumber(tail.rows.length - indexInRows) : null,
      [tail.active, tail.rows.length],
    ),
  };
}
