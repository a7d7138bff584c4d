import type { RowData } from '@tanstack/react-table';
import { type CSSProperties, memo, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import {
  type ColumnWindow,
  columnCellStyle,
  columnIndices,
  FROZEN_CELL_CLASS,
} from './column-window';
import type { AnyReactTable, DataCell, DataRow } from './data-table-types';
import type { GridPosition } from './use-grid-keyboard';

export const ROW_HEIGHT = 36;

/**
 * Why rows and cells carry `align-middle` (they are flex boxes; it changes nothing drawn):
 * the browser's own `td, tr { vertical-align: inherit }` makes Chromium mark the parent as
 * having children that inherit explicitly, and every later style change of that parent
 * (a row's `transform` as it moves) then recalculates all its children too. With the cells'
 * own value, moving a row recalculates the row alone: 19 elements a frame instead of 209,
 * about 0.2 ms instead of 1.5 ms (issue 13, decision 024).
 */
const OWN_VERTICAL_ALIGN = 'align-middle';

/** Opaque, as the row under it on hover: the other cells scroll beneath it. */
const FROZEN_BODY_CELL = `bg-white group-hover/row:bg-slate-50 dark:bg-slate-950 dark:group-hover/row:bg-slate-900 ${FROZEN_CELL_CLASS}`;

/**
 * A placeholder's bar pulses, except while the canvas paints over the rows (decision 068's
 * addendum): the rows under it are frozen where the scroll began and may stay placeholders
 * for a whole drag (their pages left memory); each pulsing bar restyled every frame and sent
 * an `animationiteration` event through React's root listener every 2 s, unseen.
 */
const PLACEHOLDER_BAR =
  "before:h-3 before:w-2/3 before:animate-pulse group-data-painting/body:before:animate-none before:rounded before:bg-slate-200 before:content-[''] dark:before:bg-slate-800";

/** What every row draws alike in one column's cell: made once per layout, not per cell drawn. */
export interface BodyCellLayout {
  columnIndex: number;
  columnId: string;
  /** With a value, and while the row is a placeholder (a grey bar in its place). */
  className: string;
  placeholderClassName: string;
  style: CSSProperties;
}

/** The cells' layouts for the columns drawn (all, or a window). */
export function bodyCellLayouts<TData extends RowData>(
  columns: ReturnType<AnyReactTable<TData>['getVisibleLeafColumns']>,
  columnWindow: ColumnWindow,
): BodyCellLayout[] {
  const { drawn, frozen } = columnWindow;
  return columnIndices(drawn, columns.length).flatMap((columnIndex) => {
    const column = columns[columnIndex];
    if (!column) return [];
    const alignEnd = column.columnDef.meta?.align === 'end';
    const className = `flex shrink-0 items-center overflow-hidden ${OWN_VERTICAL_ALIGN} border-r border-slate-100 px-2 whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:border-slate-800/60 ${alignEnd ? 'justify-end text-right' : ''} ${columnIndex === frozen ? FROZEN_BODY_CELL : ''}`;
    return [
      {
        columnIndex,
        columnId: column.id,
        className,
        // A placeholder's grey bar is a pseudo-element: no element per cell while loading.
        placeholderClassName: `${className} ${PLACEHOLDER_BAR}`,
        style: {
          ...columnCellStyle(columnWindow, columnIndex, column.getSize(), ROW_HEIGHT),
          contain: 'content',
        },
      },
    ];
  });
}

/**
 * A cell's content: its column's `cell` called, not drawn as a component. Through
 * TanStack's FlexRender it was two components more per cell (FlexRender and the `cell`
 * function), ~13% of the rendering of a fast scroll; a `cell` therefore uses no hooks.
 * The phone's cards draw their fields with it too.
 */
export function cellContent<TData extends RowData>(cell: DataCell<TData>): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? render(cell.getContext()) : render;
}

export interface DataTableRowProps<TData extends RowData> {
  rowIndex: number;
  top: number;
  row: DataRow<TData> | undefined;
  /** A mark on the row (data-mark) and what it says to assistive technology. */
  markKind?: string | undefined;
  markLabel?: string | undefined;
  /** The columns drawn (all, or a window): a new layout re-renders the memoized row. */
  cellLayouts: readonly BodyCellLayout[];
  /** The column whose cell is the grid's one tab stop in this row, or -1. */
  tabbableColumn: number;
  /** The columns drawn are a window: each cell says its column's place (aria-colindex). */
  columnsWindowed: boolean;
  /** False when the row's position in the whole list is unknown (no aria-rowindex). */
  rowNumberKnown: boolean;
  onOpen: ((row: DataRow<TData>, rowIndex: number) => void) | undefined;
  onFocusCell: (cell: GridPosition) => void;
}

function DataTableRowInner<TData extends RowData>({
  rowIndex,
  top,
  row,
  markKind,
  markLabel,
  cellLayouts,
  tabbableColumn,
  columnsWindowed,
  rowNumberKnown,
  onOpen,
  onFocusCell,
}: DataTableRowProps<TData>) {
  const t = useT();
  const cells = row?.getVisibleCells();
  return (
    // Enter and Space open the row through the grid's key handler; a click here is the pointer path.
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
      role="row"
      aria-rowindex={rowNumberKnown ? rowIndex + 2 : undefined}
      aria-busy={row ? undefined : true}
      data-row-index={rowIndex}
      data-row-id={row?.id}
      data-mark={markKind}
      aria-description={markLabel}
      onClick={row && onOpen ? () => onOpen(row, rowIndex) : undefined}
      // One handler for the row's cells (focus moves into a cell, or into a link in it).
      onFocus={(event) => {
        const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-column-index]');
        if (cell) onFocusCell({ row: rowIndex, column: Number(cell.dataset.columnIndex) });
      }}
      className={`absolute left-0 flex w-full ${OWN_VERTICAL_ALIGN} group/row border-b border-slate-100 hover:bg-slate-50 data-[mark]:bg-amber-50 data-[mark]:shadow-[inset_3px_0_0_#d97706] dark:border-slate-800/60 dark:hover:bg-slate-900 dark:data-[mark]:bg-amber-950/40`}
      style={{
        transform: `translateY(${top}px)`,
        height: ROW_HEIGHT,
        cursor: row ? 'pointer' : 'progress',
        // A row's box never depends on its cells: style and layout stop at its edge.
        contain: 'strict',
      }}
    >
      {cellLayouts.map((layout, position) => {
        const cell = cells?.[layout.columnIndex];
        return (
          <td
            key={layout.columnId}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: cells of an ARIA grid take roving focus
            role="gridcell"
            // A record's values are data: never a browser's (or a test's) text to translate.
            translate="no"
            tabIndex={layout.columnIndex === tabbableColumn ? 0 : -1}
            aria-colindex={columnsWindowed ? layout.columnIndex + 1 : undefined}
            data-column-index={layout.columnIndex}
            className={cell ? layout.className : layout.placeholderClassName}
            style={layout.style}
          >
            {cell ? cellContent(cell) : null}
            {!row && position === 0 ? <span className="sr-only">{t('common.loading')}</span> : null}
          </td>
        );
      })}
    </tr>
  );
}

// Rows re-render only when their own data, position or tab stop changes, not on every scroll frame.
export const DataTableRow = memo(DataTableRowInner) as typeof DataTableRowInner;
