import type { Header, ReactTable, Row, RowData } from '@tanstack/react-table';
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { CellTooltip, useCellTooltip } from './cell-tooltip';
import { type ColumnWindow, useColumnWindow } from './column-window';
import type { DataTableFeatures } from './data-table-features';
import type { VisibleRange } from './load-more';
import { RowKeys } from './row-keys';
import { drawnPosition, scrollAreaHeight, scrollScale } from './scroll-scale';

export const ROW_HEIGHT = 36;
/**
 * Rows drawn beyond each edge of the viewport. Every drawn row is ~10 cells of style and
 * layout per frame; 3 covers a wheel step between frames (issue 13 measured 8 as jank).
 */
const OVERSCAN = 3;

export type AriaSort = 'ascending' | 'descending' | 'none';

export interface DataTableHandle {
  /** Scrolls row `rowIndex` into view and moves keyboard focus to it. */
  focusRow: (rowIndex: number) => void;
  /** Moves keyboard focus back to the cell the user was last on (a skip link's target). */
  focusActiveCell: () => void;
  scrollToRow: (rowIndex: number) => void;
  /** The row at the top of the viewport, under the header (where the user is). */
  topRow: () => number;
}

// The selected-state type is irrelevant here: the grid reads models and sizes, not state.
// biome-ignore lint/suspicious/noExplicitAny: ReactTable's third parameter is the caller's selector result
export type AnyReactTable<TData extends RowData> = ReactTable<DataTableFeatures, TData, any>;
type DataRow<TData extends RowData> = Row<DataTableFeatures, TData>;

/**
 * Why rows and cells carry `align-middle` (they are flex boxes; it changes nothing drawn):
 * the browser's own `td, tr { vertical-align: inherit }` makes Chromium mark the parent as
 * having children that inherit explicitly, and every later style change of that parent
 * (a row's `transform` as it moves) then recalculates all its children too. With the cells'
 * own value, moving a row recalculates the row alone: 19 elements a frame instead of 209,
 * about 0.2 ms instead of 1.5 ms (issue 13, decision 024).
 */
const OWN_VERTICAL_ALIGN = 'align-middle';

const PLACEHOLDER_BAR =
  "before:h-3 before:w-2/3 before:animate-pulse before:rounded before:bg-slate-200 before:content-[''] dark:before:bg-slate-800";

export interface DataTableProps<TData extends RowData> {
  table: AnyReactTable<TData>;
  /** Accessible name of the grid. */
  label: string;
  /** Rows the scroll area spans: loaded ones plus remembered ones not in memory. */
  rowCount: number;
  /** The row at a position in the whole list, or undefined while it is not in memory. */
  rowAt: (rowIndex: number) => DataRow<TData> | undefined;
  /** Total rows including the header row, when the end of the list is known. */
  ariaRowCount?: number;
  headerHeight: number;
  renderHeaderCell: (header: Header<DataTableFeatures, TData, unknown>) => ReactNode;
  ariaSortOf?: (columnId: string) => AriaSort;
  onVisibleRangeChange?: (range: VisibleRange) => void;
  onOpenRow?: (row: DataRow<TData>, rowIndex: number) => void;
  /** Ctrl+C / Cmd+C on a focused cell (no text selected): the caller copies its value. */
  onCopyCell?: (row: DataRow<TData>, columnId: string) => void;
  /** Ctrl+End: the caller may need to load to the end before the last row exists. */
  onRequestLastRow?: () => void;
  /** Below the rows: "Loading more…", an inline Retry. */
  footer?: ReactNode;
  /** Marks the rows as not matching the current view (a newer request failed). */
  stale?: boolean;
  /**
   * A list read from its end (decision 018): rows are added above, and the rows in view
   * stay where they are when that happens; their positions in the whole list are unknown,
   * so rows carry no aria-rowindex.
   */
  growsUpward?: boolean;
  handleRef?: Ref<DataTableHandle>;
}

interface ActiveCell {
  row: number;
  column: number;
}

function cellSelector(row: number, column: number): string {
  return `[data-row-index="${row}"] [data-column-index="${column}"]`;
}

/**
 * A virtualized ARIA grid over a TanStack Table: only rows near the viewport are in the
 * DOM, rows outside the loaded window render as placeholders at their real position, and
 * arrow keys move a roving focus between cells.
 */
export function DataTable<TData extends RowData>({
  table,
  label,
  rowCount,
  rowAt,
  ariaRowCount,
  headerHeight,
  renderHeaderCell,
  ariaSortOf,
  onVisibleRangeChange,
  onOpenRow,
  onRequestLastRow,
  onCopyCell,
  footer,
  stale = false,
  growsUpward = false,
  handleRef,
}: DataTableProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeightRef = useRef(headerHeight);
  headerHeightRef.current = headerHeight;
  const viewportHeightRef = useRef(0);
  const totalHeight = rowCount * ROW_HEIGHT;
  const scaleRef = useRef(1);
  /** Tells the virtualizer where the rows are scrolled to, without waiting for the scroll event. */
  const reportOffsetRef = useRef<((offset: number, isScrolling: boolean) => void) | null>(null);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The sticky header covers the top of the scroll element: rows see what is below it.
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => {
        const height = Math.max(0, rect.height - headerHeightRef.current);
        viewportHeightRef.current = height;
        onRect({ width: rect.width, height });
      }),
    observeElementOffset: (instance, onOffset) => {
      reportOffsetRef.current = onOffset;
      return observeElementOffset(instance, (offset, isScrolling) =>
        onOffset(offset * scaleRef.current, isScrolling),
      );
    },
    scrollToFn: (offset, { adjustments = 0, behavior }, instance) =>
      elementScroll((offset + adjustments) / scaleRef.current, { behavior }, instance),
  });
  scaleRef.current = scrollScale(totalHeight, viewportHeightRef.current);
  const scale = scaleRef.current;
  const rowOffset = virtualizer.scrollOffset ?? 0;
  const virtualRows = virtualizer.getVirtualItems();
  // A scroll of more than a screen since the last render (a fling, a scrollbar drag) draws
  // only the rows in view: the overscan rows would be gone again by the next frame. They
  // come back when the scrolling stops (the virtualizer renders again then).
  const previousOffsetRef = useRef(rowOffset);
  // A render between two leaps that moved nothing (a page arriving, a status change) stays
  // a leap: drawing the overscan rows for it created ~6 rows that the next frame removed
  // again, about a row of new elements every frame of a fling (issue 13).
  const leapingRef = useRef(false);
  const viewportHeight = viewportHeightRef.current;
  const moved = Math.abs(rowOffset - previousOffsetRef.current);
  const leaping =
    virtualizer.isScrolling && (moved > viewportHeight || (moved === 0 && leapingRef.current));
  useLayoutEffect(() => {
    previousOffsetRef.current = rowOffset;
    leapingRef.current = leaping;
  });
  // The grid's first render draws its header and no rows; the rows follow in a render of
  // their own that React may interrupt. The page around the grid (on a phone the status line
  // is its largest text) paints without waiting for them, and the scroll element is measured
  // before any row is drawn, so the rows are drawn once, for the size it has. Drawn at once,
  // the first pass knew no size (overscan rows only), and measuring then forced a layout and
  // a second render of every row in view, in one task (~170 ms of a 4x slowed first load,
  // issue 13).
  const rowsDeferred = useDeferredValue(false, true);
  const drawnRows = rowsDeferred
    ? []
    : leaping
      ? virtualRows.filter(
          (item) => item.end > rowOffset && item.start < rowOffset + viewportHeight,
        )
      : virtualRows;
  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = visibleColumns.length;
  // Rows are memoized; this tells them when column widths or visibility changed.
  const columnLayout = visibleColumns.map((column) => `${column.id}:${column.getSize()}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnLayout stands for the widths
  const columnWidths = useMemo(
    () => visibleColumns.map((column) => column.getSize()),
    [columnLayout],
  );

  const [active, setActive] = useState<ActiveCell>({ row: 0, column: 0 });
  const tooltip = useCellTooltip();
  const tooltipId = useId();
  const rowAtRef = useRef(rowAt);
  rowAtRef.current = rowAt;
  // One function for the grid's life, so memoized rows don't re-render with it.
  const focusCell = useCallback(
    (cell: ActiveCell) => {
      setActive(cell);
      const row = rowAtRef.current(cell.row);
      if (row)
        tooltip.schedule({
          rowIndex: cell.row,
          columnIndex: cell.column,
          rowId: row.id,
          via: 'focus',
        });
    },
    [tooltip.schedule],
  );
  // The tooltip of the cell under the pointer: the row's index is read from the element now
  // (a recycled row's element shows another row after a scroll), and the record with it.
  const onRowsPointerMove = (event: PointerEvent<HTMLTableSectionElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column-index]');
    const rowIndex = Number(cell?.closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex);
    const row = Number.isNaN(rowIndex) ? undefined : rowAt(rowIndex);
    if (!cell || !row) {
      tooltip.hide('pointer');
      return;
    }
    tooltip.schedule({
      rowIndex,
      columnIndex: Number(cell.dataset.columnIndex),
      rowId: row.id,
      via: 'pointer',
    });
  };
  // A header control holding focus (a filter being typed) keeps its column drawn.
  const [headerFocusColumn, setHeaderFocusColumn] = useState(-1);
  const columnWindow = useColumnWindow(scrollRef, columnWidths, [active.column, headerFocusColumn]);
  const { scrollColumnIntoView } = columnWindow;
  const pendingFocus = useRef(false);
  const tbodyRef = useRef<HTMLTableSectionElement>(null);
  const rowKeysRef = useRef<RowKeys | null>(null);
  rowKeysRef.current ??= new RowKeys();
  // A selection in the rows must not end up on another row's values: while there is one,
  // rows scrolled out take their elements with them.
  const selection = typeof document === 'undefined' ? null : document.getSelection();
  const rowsHoldSelection =
    selection !== null &&
    !selection.isCollapsed &&
    tbodyRef.current !== null &&
    selection.containsNode(tbodyRef.current, true);
  const rowKeys = rowKeysRef.current.assign(
    drawnRows.map((item) => item.index),
    (rowIndex) => rowIndex !== active.row && !rowsHoldSelection,
  );

  // A list that grows upward opens at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (growsUpward && element) element.scrollTop = element.scrollHeight;
  }, []);
  // Rows added above a list that grows upward push the view down by as much, before paint.
  const previousRowCount = useRef(rowCount);
  useLayoutEffect(() => {
    const added = rowCount - previousRowCount.current;
    previousRowCount.current = rowCount;
    if (!growsUpward || added === 0) return;
    const element = scrollRef.current;
    if (element) {
      element.scrollTop += (added * ROW_HEIGHT) / scaleRef.current;
      // Drawn at once from the new position: waiting for the scroll event would paint one
      // frame of the old rows' places, now above the viewport (a blank flash).
      reportOffsetRef.current?.(element.scrollTop * scaleRef.current, false);
    }
    setActive((cell) => ({ ...cell, row: Math.max(0, cell.row + added) }));
    // Keyboard focus follows its record to the row's new index.
    if (element?.contains(document.activeElement)) pendingFocus.current = true;
  }, [rowCount, growsUpward]);

  const firstRendered = virtualRows[0]?.index;
  const lastRendered = virtualRows[virtualRows.length - 1]?.index;
  useEffect(() => {
    if (firstRendered === undefined || lastRendered === undefined) return;
    onVisibleRangeChange?.({ startIndex: firstRendered, endIndex: lastRendered });
  }, [firstRendered, lastRendered, onVisibleRangeChange]);

  // Focus lands once the target row is drawn, which may take a scroll and a render.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      cellSelector(active.row, active.column),
    );
    if (cell) {
      pendingFocus.current = false;
      cell.focus({ preventScroll: true });
    }
  });

  // Not virtualizer.scrollToIndex: it clamps its row-pixel target to the scroll element's
  // own height, which is capped (scroll-scale.ts), so past ~222,000 rows the end of a table
  // could not be reached. Rows have a fixed height, so the target is computed here in row
  // pixels and written to the element in scaled pixels.
  const scrollRowIntoView = useCallback(
    (rowIndex: number, align: 'auto' | 'start') => {
      const element = scrollRef.current;
      if (!element) return;
      const viewport = viewportHeightRef.current;
      const rowStart = rowIndex * ROW_HEIGHT;
      const current = virtualizer.scrollOffset ?? 0;
      let target = rowStart;
      if (align === 'auto') {
        if (rowStart >= current && rowStart + ROW_HEIGHT <= current + viewport) return;
        if (rowStart > current) target = rowStart + ROW_HEIGHT - viewport;
      }
      const lastOffset = Math.max(0, rowCount * ROW_HEIGHT - viewport);
      element.scrollTop = Math.min(Math.max(target, 0), lastOffset) / scaleRef.current;
    },
    [rowCount, virtualizer],
  );

  const moveTo = useCallback(
    (row: number, column: number) => {
      const target = {
        row: Math.max(0, Math.min(row, rowCount - 1)),
        column: Math.max(0, Math.min(column, columnCount - 1)),
      };
      setActive(target);
      pendingFocus.current = true;
      scrollRowIntoView(target.row, 'auto');
      scrollColumnIntoView(target.column);
    },
    [rowCount, columnCount, scrollRowIntoView, scrollColumnIntoView],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      focusRow: (rowIndex) => moveTo(rowIndex, active.column),
      focusActiveCell: () => moveTo(active.row, active.column),
      scrollToRow: (rowIndex) => scrollRowIntoView(rowIndex, 'start'),
      topRow: () => Math.floor((virtualizer.scrollOffset ?? 0) / ROW_HEIGHT),
    }),
    [moveTo, active.row, active.column, scrollRowIntoView, virtualizer],
  );

  const rowsPerPage = Math.max(1, Math.floor(viewportHeightRef.current / ROW_HEIGHT) - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column-index]');
    // Keys typed into a link or control inside a cell are theirs, not the grid's.
    if (!cell || cell !== event.target) return;
    const row = Number(cell.closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex ?? 0);
    const column = Number(cell.dataset.columnIndex ?? 0);
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;
    switch (event.key) {
      case 'Escape':
        // Dismisses the cell's tooltip (or the one on its way); with none shown, Escape is
        // someone else's.
        handled = tooltip.target !== null;
        tooltip.hide();
        break;
      case 'ArrowDown':
        moveTo(row + 1, column);
        break;
      case 'ArrowUp':
        moveTo(row - 1, column);
        break;
      case 'ArrowRight':
        moveTo(row, column + 1);
        break;
      case 'ArrowLeft':
        moveTo(row, column - 1);
        break;
      case 'PageDown':
        moveTo(row + rowsPerPage, column);
        break;
      case 'PageUp':
        moveTo(row - rowsPerPage, column);
        break;
      case 'Home':
        moveTo(ctrl ? 0 : row, 0);
        break;
      case 'End':
        if (ctrl && onRequestLastRow) onRequestLastRow();
        else moveTo(ctrl ? rowCount - 1 : row, columnCount - 1);
        break;
      case 'c':
      case 'C': {
        const data = rowAt(row);
        const columnId = visibleColumns[column]?.id;
        const selection = window.getSelection();
        // A selection inside the grid is the user's own copy: leave it to the browser.
        const hasSelection = selection !== null && !selection.isCollapsed;
        if (
          ctrl &&
          !event.shiftKey &&
          !event.altKey &&
          !hasSelection &&
          data &&
          columnId &&
          onCopyCell
        )
          onCopyCell(data, columnId);
        else handled = false;
        break;
      }
      case 'Enter':
      case ' ': {
        const data = rowAt(row);
        if (data && onOpenRow) onOpenRow(data, row);
        else handled = false;
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  // Drawn only while the row at its index is still the record it was asked for.
  const tipTarget = tooltip.target;
  const tipRow = tipTarget ? rowAt(tipTarget.rowIndex) : undefined;
  const tipCell =
    tipTarget && tipRow?.id === tipTarget.rowId
      ? tipRow.getVisibleCells()[tipTarget.columnIndex]
      : undefined;
  const tipTitle = tipCell?.column.columnDef.meta?.cellTitle?.(tipCell.getValue()) ?? null;

  // When the active row has scrolled out of the DOM, the first drawn row keeps the grid tabbable.
  const activeIsDrawn = drawnRows.some((item) => item.index === active.row);
  const tabbableRow = activeIsDrawn ? active.row : (drawnRows[0]?.index ?? 0);
  const totalWidth = table.getTotalSize();
  const resizingColumn = visibleColumns.find((column) => column.getIsResizing())?.id ?? '';

  return (
    <div
      ref={scrollRef}
      // A tooltip that came with the pointer goes with any scroll: the cell under the pointer
      // is no longer the one it was for (one that came with focus follows its cell).
      onScroll={() => tooltip.hide('pointer')}
      className="relative h-full min-h-0 overflow-auto overscroll-contain bg-white text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table, as in the APG examples
        role="grid"
        aria-label={label}
        aria-rowcount={ariaRowCount ?? -1}
        aria-colcount={columnCount}
        aria-busy={stale || undefined}
        onKeyDown={onKeyDown}
        className="grid border-collapse"
        style={{ width: totalWidth }}
      >
        <GridHeader
          table={table}
          headerHeight={headerHeight}
          renderHeaderCell={renderHeaderCell}
          ariaSortOf={ariaSortOf}
          columnLayout={columnLayout}
          resizingColumn={resizingColumn}
          columnWindow={columnWindow}
          onFocusColumn={setHeaderFocusColumn}
        />
        <tbody
          ref={tbodyRef}
          onPointerMove={onRowsPointerMove}
          onPointerLeave={() => tooltip.hide('pointer')}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) tooltip.hide('focus');
          }}
          // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
          role="rowgroup"
          className={`relative grid ${stale ? 'opacity-50 transition-opacity' : ''}`}
          style={{ height: scrollAreaHeight(totalHeight) }}
        >
          {drawnRows.map((item, position) => {
            const row = rowAt(item.index);
            return (
              <GridRow
                // Recycled: a row scrolled out lends its elements to one scrolled in (row-keys.ts).
                key={rowKeys[position]}
                rowIndex={item.index}
                top={drawnPosition(item.start, rowOffset, scale)}
                row={row}
                table={table}
                columnLayout={columnLayout}
                columnWindow={columnWindow}
                tabbableColumn={item.index === tabbableRow ? active.column : -1}
                rowNumberKnown={!growsUpward}
                onOpen={onOpenRow}
                onFocusCell={focusCell}
              />
            );
          })}
        </tbody>
      </table>
      {footer ? <div className="sticky left-0 max-w-full">{footer}</div> : null}
      <CellTooltip
        id={tooltipId}
        title={tipTitle}
        container={scrollRef}
        cellSelector={
          tipCell && tipTarget ? cellSelector(tipTarget.rowIndex, tipTarget.columnIndex) : null
        }
      />
    </div>
  );
}

interface GridHeaderProps<TData extends RowData> {
  table: AnyReactTable<TData>;
  headerHeight: number;
  renderHeaderCell: (header: Header<DataTableFeatures, TData, unknown>) => ReactNode;
  ariaSortOf: ((columnId: string) => AriaSort) | undefined;
  /** Column widths and order: a new value re-renders the header. */
  columnLayout: string;
  resizingColumn: string;
  /** The columns drawn (all, or a window): a new one re-renders the memoized header. */
  columnWindow: ColumnWindow;
  onFocusColumn: (columnIndex: number) => void;
}

function GridHeaderInner<TData extends RowData>({
  table,
  headerHeight,
  renderHeaderCell,
  ariaSortOf,
  columnWindow,
  onFocusColumn,
}: GridHeaderProps<TData>) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const { drawn, starts } = columnWindow;
  return (
    <thead
      // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
      role="rowgroup"
      className="sticky top-0 z-10 grid"
    >
      <tr
        // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
        role="row"
        aria-rowindex={1}
        className="relative flex border-b border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-900"
        style={{ height: headerHeight }}
      >
        {columnIndices(drawn, headers.length).map((columnIndex) => {
          const header = headers[columnIndex];
          if (!header) return null;
          return (
            <th
              key={header.id}
              aria-colindex={drawn ? columnIndex + 1 : undefined}
              onFocus={() => onFocusColumn(columnIndex)}
              // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
              role="columnheader"
              scope="col"
              // Named after the column alone: its content also holds the filter and resize
              // controls, which a screen reader would otherwise read out for every cell.
              aria-label={header.column.columnDef.meta?.label ?? header.column.id}
              aria-sort={ariaSortOf?.(header.column.id) ?? 'none'}
              className="relative flex shrink-0 flex-col items-stretch gap-1 border-r border-slate-200 px-2 py-1 text-left font-normal dark:border-slate-800"
              style={
                drawn
                  ? {
                      width: header.getSize(),
                      position: 'absolute',
                      left: starts[columnIndex],
                      height: headerHeight,
                    }
                  : { width: header.getSize() }
              }
            >
              {renderHeaderCell(header)}
              {header.column.getCanResize() ? (
                <ResizeHandle
                  label={header.column.columnDef.meta?.label ?? header.column.id}
                  size={header.getSize()}
                  onResizeStart={header.getResizeHandler()}
                  onResizeBy={(delta) =>
                    table.setColumnSizing((sizes) => ({
                      ...sizes,
                      [header.column.id]: Math.max(60, header.getSize() + delta),
                    }))
                  }
                  isResizing={header.column.getIsResizing()}
                />
              ) : null}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

// The header (sort buttons, filter inputs, resize handles) stays as it is while the rows scroll.
const GridHeader = memo(GridHeaderInner) as typeof GridHeaderInner;

interface GridRowProps<TData extends RowData> {
  rowIndex: number;
  top: number;
  row: DataRow<TData> | undefined;
  table: AnyReactTable<TData>;
  columnLayout: string;
  /** The columns drawn (all, or a window): a new one re-renders the memoized row. */
  columnWindow: ColumnWindow;
  /** The column whose cell is the grid's one tab stop in this row, or -1. */
  tabbableColumn: number;
  /** False when the row's position in the whole list is unknown (no aria-rowindex). */
  rowNumberKnown: boolean;
  onOpen: ((row: DataRow<TData>, rowIndex: number) => void) | undefined;
  onFocusCell: (cell: ActiveCell) => void;
}

function GridRowInner<TData extends RowData>({
  rowIndex,
  top,
  row,
  table,
  columnWindow,
  tabbableColumn,
  rowNumberKnown,
  onOpen,
  onFocusCell,
}: GridRowProps<TData>) {
  const t = useT();
  const cells = row?.getVisibleCells();
  const columns = table.getVisibleLeafColumns();
  const { drawn, starts } = columnWindow;
  return (
    // Enter and Space open the row through the grid's key handler; a click here is the pointer path.
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
      role="row"
      aria-rowindex={rowNumberKnown ? rowIndex + 2 : undefined}
      aria-busy={row ? undefined : true}
      data-row-index={rowIndex}
      data-row-id={row?.id}
      onClick={row && onOpen ? () => onOpen(row, rowIndex) : undefined}
      className={`absolute left-0 flex w-full ${OWN_VERTICAL_ALIGN} border-b border-slate-100 hover:bg-slate-50 dark:border-slate-800/60 dark:hover:bg-slate-900`}
      style={{
        transform: `translateY(${top}px)`,
        height: ROW_HEIGHT,
        cursor: row ? 'pointer' : 'progress',
        // A row's box never depends on its cells: style and layout stop at its edge.
        contain: 'strict',
      }}
    >
      {columnIndices(drawn, columns.length).map((columnIndex, position) => {
        const column = columns[columnIndex];
        if (!column) return null;
        const cell = cells?.[columnIndex];
        const alignEnd = column.columnDef.meta?.align === 'end';
        return (
          <td
            key={column.id}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: cells of an ARIA grid take roving focus
            role="gridcell"
            // A record's values are data: never a browser's (or a test's) text to translate.
            translate="no"
            tabIndex={columnIndex === tabbableColumn ? 0 : -1}
            aria-colindex={drawn ? columnIndex + 1 : undefined}
            data-column-index={columnIndex}
            onFocus={() => onFocusCell({ row: rowIndex, column: columnIndex })}
            // A placeholder's grey bar is a pseudo-element: no element per cell while loading.
            className={`flex shrink-0 items-center overflow-hidden ${OWN_VERTICAL_ALIGN} border-r border-slate-100 px-2 whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:border-slate-800/60 ${alignEnd ? 'justify-end text-right' : ''} ${cell ? '' : PLACEHOLDER_BAR}`}
            style={
              drawn
                ? {
                    width: column.getSize(),
                    contain: 'content',
                    position: 'absolute',
                    left: starts[columnIndex],
                    height: ROW_HEIGHT,
                  }
                : { width: column.getSize(), contain: 'content' }
            }
          >
            {cell ? <table.FlexRender cell={cell} /> : null}
            {!row && position === 0 ? <span className="sr-only">{t('common.loading')}</span> : null}
          </td>
        );
      })}
    </tr>
  );
}

// Rows re-render only when their own data, position or tab stop changes, not on every scroll frame.
const GridRow = memo(GridRowInner) as typeof GridRowInner;

/** The column indices to draw: the window's, or every column. */
function columnIndices(drawn: readonly number[] | null, columnCount: number): readonly number[] {
  return drawn ?? Array.from({ length: columnCount }, (_, index) => index);
}

function ResizeHandle({
  label,
  size,
  onResizeStart,
  onResizeBy,
  isResizing,
}: {
  label: string;
  size: number;
  onResizeStart: (event: unknown) => void;
  onResizeBy: (delta: number) => void;
  isResizing: boolean;
}) {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> can't take focus or a pointer drag
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t('common.table.resizeColumn', { column: label })}
      aria-valuenow={size}
      aria-valuemin={60}
      tabIndex={0}
      onMouseDown={onResizeStart}
      onTouchStart={onResizeStart}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          event.stopPropagation();
          onResizeBy(event.key === 'ArrowRight' ? 16 : -16);
        }
      }}
      className={`absolute top-0 right-0 h-full w-1.5 cursor-col-resize touch-none select-none hover:bg-blue-400 focus-visible:bg-blue-600 focus-visible:outline-none ${isResizing ? 'bg-blue-600' : ''}`}
    />
  );
}
