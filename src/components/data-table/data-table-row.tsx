import type { RowData } from '@tanstack/react-table';
import { memo } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { type ColumnWindow, columnIndices } from './column-window';
import type { AnyReactTable, DataRow } from './data-table-types';
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

const PLACEHOLDER_BAR =
  "before:h-3 before:w-2/3 before:animate-pulse before:rounded before:bg-slate-200 before:content-[''] dark:before:bg-slate-800";

export interface DataTableRowProps<TData extends RowData> {
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
  onFocusCell: (cell: GridPosition) => void;
}

function DataTableRowInner<TData extends RowData>({
  rowIndex,
  top,
  row,
  table,
  columnWindow,
  tabbableColumn,
  rowNumberKnown,
  onOpen,
  onFocusCell,
}: DataTableRowProps<TData>) {
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
export const DataTableRow = memo(DataTableRowInner) as typeof DataTableRowInner;
