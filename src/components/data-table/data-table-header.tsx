import type { Header, RowData } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import { type ColumnWindow, columnIndices } from './column-window';
import type { DataTableFeatures } from './data-table-features';
import type { AnyReactTable, AriaSort } from './data-table-types';

/**
 * The grid's header row: one column header per drawn column, each holding what the caller
 * renders (sort, summary, filter) and a resize handle. Sticky at the top of the scroll area.
 */
export interface DataTableHeaderProps<TData extends RowData> {
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

function DataTableHeaderInner<TData extends RowData>({
  table,
  headerHeight,
  renderHeaderCell,
  ariaSortOf,
  columnWindow,
  onFocusColumn,
}: DataTableHeaderProps<TData>) {
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
export const DataTableHeader = memo(DataTableHeaderInner) as typeof DataTableHeaderInner;

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
