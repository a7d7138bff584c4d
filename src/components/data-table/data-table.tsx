import type { RowData } from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type PointerEvent,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { CellTooltip, useCellTooltip } from './cell-tooltip';
import { type ColumnWindow, useColumnWindow } from './column-window';
import { canvasSupported, DataTableCanvas } from './data-table-canvas';
import { DataTableHeader, HEADER_ROW } from './data-table-header';
import { bodyCellLayouts, DataTableRow, ROW_HEIGHT } from './data-table-row';
import type { DataTableProps } from './data-table-types';
import { useHandedRows, usePaintedRest } from './painted-rows';
import { useCanvasMode } from './use-canvas-mode';
import { cellSelector, type GridPosition, useGridKeyboard } from './use-grid-keyboard';
import { useHeaderEditing } from './use-header-editing';
import { useRowRecycling } from './use-row-recycling';
import { useVirtualWindow } from './use-virtual-window';

export { ROW_HEIGHT } from './data-table-row';
export type {
  AnyReactTable,
  AriaSort,
  DataTableHandle,
  DataTableProps,
  RowMark,
} from './data-table-types';

/**
 * Rows drawn beyond each edge of the viewport. Every drawn row is ~10 cells of style and
 * layout per frame; 3 covers a wheel step between frames (issue 13 measured 8 as jank).
 */
const OVERSCAN = 3;

/**
 * A virtualized ARIA grid over a TanStack Table: only rows near the viewport are in the
 * DOM, rows outside the loaded window render as placeholders at their real position, and
 * arrow keys move a roving focus between cells. Its parts: the virtual window
 * (use-virtual-window.ts), row recycling (use-row-recycling.ts), keyboard navigation
 * (use-grid-keyboard.ts), the header (data-table-header.tsx) and which of its columns takes
 * Tab (use-header-editing.ts), a row (data-table-row.tsx), its props (data-table-types.ts).
 */
export function DataTable<TData extends RowData>({
  table,
  label,
  rowCount: ownerRowCount,
  rowAt: ownerRowAt,
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
  frozenColumnId,
  handleRef,
  rowMarkOf,
  paintWhileScrolling = true,
  painted,
}: DataTableProps<TData>) {
  const t = useT();
  // Rows the owner handed over since its last render (a page that arrived while painting).
  const handed = useHandedRows(painted);
  const rowCount = handed?.rowCount ?? ownerRowCount;
  const rowAt = handed?.rowAt ?? ownerRowAt;
  const scrollRef = useRef<HTMLDivElement>(null);
  const markAppScrollRef = useRef((_element: HTMLElement) => {});
  const holdRenderRef = useRef((): boolean => false);
  const rows = useVirtualWindow({
    scrollRef,
    count: rowCount,
    itemHeight: ROW_HEIGHT,
    topInset: headerHeight,
    overscan: OVERSCAN,
    growsUpward,
    onRangeChange: onVisibleRangeChange,
    onAppScroll: (element) => markAppScrollRef.current(element),
    holdRender: () => holdRenderRef.current(),
  });
  // While the person scrolls, the body is drawn on a canvas and the DOM rows stay as they
  // were (decision 066): a DOM row costs more to draw than a frame can give (decision 065).
  const paints = paintWhileScrolling && canvasSupported();
  const canvas = useCanvasMode(scrollRef, rows.scrolling, paints, rows.scrollInput);
  markAppScrollRef.current = canvas.markAppScroll;
  // Once the canvas shows (a render drew it), a scroll moving the range renders nothing
  // more until it stops: the canvas draws each scroll event itself, the DOM rows stay as
  // they were, and the range is still reported, so pages still load (decision 066).
  const canvasShownRef = useRef(false);
  useLayoutEffect(() => {
    canvasShownRef.current = canvas.painting;
  });
  holdRenderRef.current = () => canvasShownRef.current && canvas.isPainting();
  usePaintedRest(painted, holdRenderRef, canvas.painting);
  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = visibleColumns.length;
  // Rows are memoized; this tells them when column widths or visibility changed.
  const columnLayout = visibleColumns.map((column) => `${column.id}:${column.getSize()}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnLayout stands for the widths
  const columnWidths = useMemo(
    () => visibleColumns.map((column) => column.getSize()),
    [columnLayout],
  );

  const tooltip = useCellTooltip();
  const tooltipId = useId();
  const rowAtRef = useRef(rowAt);
  rowAtRef.current = rowAt;
  // Set below, once the columns drawn are known (they keep the active column drawn).
  const columnWindowRef = useRef<ColumnWindow | null>(null);
  const keyboard = useGridKeyboard({
    scrollRef,
    rowCount,
    firstRow: HEADER_ROW,
    columnCount,
    rowsPerPage: Math.max(1, Math.floor(rows.viewportHeight / ROW_HEIGHT) - 1),
    growsUpward,
    bringIntoView: ({ row, column }) => {
      if (row !== HEADER_ROW) rows.scrollIndexIntoView(row, 'auto');
      columnWindowRef.current?.scrollColumnIntoView(column);
    },
    onFocusPosition: (cell) => {
      const row = cell.row === HEADER_ROW ? undefined : rowAtRef.current(cell.row);
      if (row)
        tooltip.schedule({
          rowIndex: cell.row,
          columnIndex: cell.column,
          rowId: row.id,
          via: 'focus',
        });
    },
    onActivate: ({ row, column }) => {
      if (row === HEADER_ROW) {
        editColumn(column);
        return true;
      }
      const data = rowAt(row);
      if (!data || !onOpenRow) return false;
      onOpenRow(data, row);
      return true;
    },
    onRequestLastRow,
    onOtherKey: (event, position) => onCellKey(event, position),
  });
  const { active, focusPosition, moveTo } = keyboard;

  const onCellKey = (event: KeyboardEvent<HTMLElement>, { row, column }: GridPosition) => {
    if (row === HEADER_ROW) {
      if (event.key !== 'F2') return false;
      editColumn(column);
      return true;
    }
    if (event.key === 'Escape') {
      // Dismisses the cell's tooltip (or the one on its way); with none shown, Escape is
      // someone else's.
      const shown = tooltip.target !== null;
      tooltip.hide();
      return shown;
    }
    if (event.key !== 'c' && event.key !== 'C') return false;
    const ctrl = event.ctrlKey || event.metaKey;
    const data = rowAt(row);
    const columnId = visibleColumns[column]?.id;
    const selection = window.getSelection();
    // A selection inside the grid is the user's own copy: leave it to the browser.
    const hasSelection = selection !== null && !selection.isCollapsed;
    if (
      !ctrl ||
      event.shiftKey ||
      event.altKey ||
      hasSelection ||
      !data ||
      !columnId ||
      !onCopyCell
    )
      return false;
    onCopyCell(data, columnId);
    return true;
  };

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
  const {
    headerFocusColumn,
    editingColumn,
    editColumn,
    onFocusHeader,
    onLeaveHeader,
    onExitHeader,
  } = useHeaderEditing({ scrollRef, focusPosition, moveTo });
  const frozenColumn = frozenColumnId
    ? visibleColumns.findIndex((column) => column.id === frozenColumnId)
    : -1;
  const columnWindow = useColumnWindow(
    scrollRef,
    columnWidths,
    [active.column, headerFocusColumn],
    frozenColumn,
    canvas.markAppScroll,
  );
  columnWindowRef.current = columnWindow;
  // The same array while the columns, their widths and the window stay: rows are memoized
  // (the table object itself is new every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnLayout stands for the widths
  const cellLayouts = useMemo(
    () => bodyCellLayouts(visibleColumns, columnWindow),
    [visibleColumns, columnWindow, columnLayout],
  );

  const headerKeysId = useId();
  const tbodyRef = useRef<HTMLTableSectionElement>(null);
  // Painting: the rows drawn when it began, where they were (they scroll away under the
  // canvas; a focused cell stays mounted). Otherwise the virtual window's rows, kept for then.
  const liveItems = rows.items.map((item) => ({ item, top: rows.positionOf(item) }));
  const frozenItemsRef = useRef(liveItems);
  if (!canvas.painting) frozenItemsRef.current = liveItems;
  const shownItems = canvas.painting ? frozenItemsRef.current : liveItems;
  const drawnIndices = shownItems.map(({ item }) => item.index);
  const rowKeys = useRowRecycling(drawnIndices, active.row, tbodyRef);
  const drawnRows = shownItems.map(({ item, top }, position) => ({
    item,
    top,
    key: rowKeys[position] ?? -1,
  }));
  // While scrolling, rows stay in the DOM in the order of their keys: a row scrolled out at
  // the top hands its elements to one coming in at the bottom, and drawn in index order,
  // React moved that row's element to the other end of the body every frame (a move is a
  // removal and an insertion: the row's whole style and layout again, ~1,000 rows moved
  // in a 5 s wheel). Their places on screen come from their transforms. Once the scrolling
  // stops the rows return to index order, the order assistive technology reads.
  if (rows.scrolling) drawnRows.sort((a, b) => a.key - b.key);

  useImperativeHandle(
    handleRef,
    () => ({
      focusRow: (rowIndex) => keyboard.moveTo(rowIndex, active.column),
      focusActiveCell: () => keyboard.moveTo(active.row, active.column),
      scrollToRow: (rowIndex) => rows.scrollIndexIntoView(rowIndex, 'start'),
      topRow: rows.topIndex,
    }),
    [keyboard.moveTo, active.row, active.column, rows.scrollIndexIntoView, rows.topIndex],
  );

  // Drawn only while the row at its index is still the record it was asked for.
  const tipTarget = tooltip.target;
  const tipRow = tipTarget ? rowAt(tipTarget.rowIndex) : undefined;
  const tipCell =
    tipTarget && tipRow?.id === tipTarget.rowId
      ? tipRow.getVisibleCells()[tipTarget.columnIndex]
      : undefined;
  const tipTitle = tipCell?.column.columnDef.meta?.cellTitle?.(tipCell.getValue()) ?? null;

  // When the active row has scrolled out of the DOM, the first drawn row keeps the grid tabbable.
  const headerActive = active.row === HEADER_ROW;
  const tabbableRow = headerActive ? null : keyboard.tabbableRow(drawnIndices);
  const totalWidth = table.getTotalSize();
  const resizingColumn = visibleColumns.find((column) => column.getIsResizing())?.id ?? '';

  return (
    <div
      ref={scrollRef}
      onScroll={(event) => {
        canvas.onScroll(event.currentTarget);
        // A tooltip that came with the pointer goes with any scroll: the cell under the
        // pointer is no longer the one it was for (one that came with focus follows its cell).
        tooltip.hide('pointer');
        // The frozen column's shadow: set on the element, not rendered (no render per frame).
        const element = event.currentTarget;
        const scrolledX = String(element.scrollLeft > 0);
        if (element.dataset.scrolledX !== scrolledX) element.dataset.scrolledX = scrolledX;
      }}
      // The browser's own scrolling to a focused cell (Tab into the grid) keeps it clear of
      // the frozen column.
      style={{ scrollPaddingLeft: columnWidths[frozenColumn] ?? 0 }}
      className="group/grid relative h-full min-h-0 overflow-auto overscroll-contain bg-white text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      {paints ? (
        <DataTableCanvas
          scrollRef={scrollRef}
          painting={canvas.painting}
          isPainting={canvas.isPainting}
          onEnd={canvas.end}
          headerHeight={headerHeight}
          rowHeight={ROW_HEIGHT}
          rowCount={rowCount}
          scale={rows.scale}
          table={table}
          columnStarts={columnWindow.starts}
          frozen={frozenColumn}
          rowAt={rowAt}
          isMarked={rowMarkOf ? (row) => rowMarkOf(row) !== null : undefined}
        />
      ) : null}
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table, as in the APG examples
        role="grid"
        aria-label={label}
        aria-rowcount={ariaRowCount ?? -1}
        aria-colcount={columnCount}
        aria-busy={stale || undefined}
        onKeyDown={keyboard.onKeyDown}
        className="grid border-collapse"
        style={{ width: totalWidth }}
      >
        <DataTableHeader
          table={table}
          headerHeight={headerHeight}
          renderHeaderCell={renderHeaderCell}
          ariaSortOf={ariaSortOf}
          columnLayout={columnLayout}
          resizingColumn={resizingColumn}
          columnWindow={columnWindow}
          tabbableColumn={headerActive ? active.column : -1}
          editingColumn={editingColumn}
          onFocusColumn={onFocusHeader}
          onLeaveColumn={onLeaveHeader}
          onExitColumn={onExitHeader}
          describedBy={headerKeysId}
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
          // Under the canvas while it paints: no placeholder pulses there (data-table-row.tsx).
          data-painting={canvas.painting || undefined}
          className={`group/body relative grid ${stale ? 'opacity-50 transition-opacity' : ''}`}
          style={{ height: rows.areaHeight }}
        >
          {drawnRows.map(({ item, top, key }) => {
            const row = rowAt(item.index);
            const mark = row && rowMarkOf ? rowMarkOf(row) : null;
            return (
              <DataTableRow
                // Recycled: a row scrolled out lends its elements to one scrolled in (row-keys.ts).
                key={key}
                rowIndex={item.index}
                top={top}
                row={row}
                markKind={mark?.kind}
                markLabel={mark?.label}
                cellLayouts={cellLayouts}
                tabbableColumn={item.index === tabbableRow ? active.column : -1}
                columnsWindowed={columnWindow.drawn !== null}
                rowNumberKnown={!growsUpward}
                onOpen={onOpenRow}
                onFocusCell={keyboard.focusPosition}
              />
            );
          })}
        </tbody>
      </table>
      {footer ? <div className="sticky left-0 max-w-full">{footer}</div> : null}
      <span id={headerKeysId} hidden>
        {t('common.table.headerKeys')}
      </span>
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
