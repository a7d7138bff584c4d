import type { Header, RowData } from '@tanstack/react-table';
import { memo, type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n-react';
import {
  type ColumnWindow,
  columnCellStyle,
  columnIndices,
  FROZEN_CELL_CLASS,
} from './column-window';
import type { DataTableFeatures } from './data-table-features';
import type { AnyReactTable, AriaSort } from './data-table-types';

/** The header row's index in the grid's keyboard navigation: above row 0. */
export const HEADER_ROW = -1;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The first control Enter or F2 moves focus to: the column's sort button, else its first. */
export const HEADER_CONTROL =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea, [tabindex]';

/**
 * Takes the header's controls out of the Tab order, except those of `editingColumn`: the
 * header is one stop of the grid's roving focus, not 4 stops a column (41 in Orders).
 * Controls the caller renders don't know about it, and some mount later (a filter's clear
 * button), so their tabindex is set on the elements as they appear, or as a render sets
 * theirs. Not again after every render of the header: it is drawn again with every page of
 * records that arrives, and walking its ~40 controls each time was ~3 % of that render.
 */
function useHeaderControlTabStops(
  theadRef: RefObject<HTMLTableSectionElement | null>,
  editingColumn: number,
) {
  useLayoutEffect(() => {
    const thead = theadRef.current;
    if (!thead) return;
    const apply = () => {
      for (const cell of thead.querySelectorAll<HTMLElement>('[data-column-index]')) {
        const editing = Number(cell.dataset.columnIndex) === editingColumn;
        for (const control of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) {
          if (control.dataset.ownTabindex === undefined)
            control.dataset.ownTabindex = control.getAttribute('tabindex') ?? '';
          const own = control.dataset.ownTabindex;
          const wanted = editing ? own : '-1';
          if (wanted === '') control.removeAttribute('tabindex');
          else if (control.getAttribute('tabindex') !== wanted)
            control.setAttribute('tabindex', wanted);
        }
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(thead, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    });
    return () => observer.disconnect();
  }, [theadRef, editingColumn]);
}

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
  /** The column whose header is the grid's one Tab stop, or -1 (the stop is in the rows). */
  tabbableColumn: number;
  /** The column whose header's controls take Tab (after Enter or F2), or -1. */
  editingColumn: number;
  /** Focus came to a column's header or one of its controls (`onCell`: the header itself). */
  onFocusColumn: (columnIndex: number, onCell: boolean) => void;
  /** Focus left a header's controls for somewhere outside that header. */
  onLeaveColumn: (columnIndex: number) => void;
  /** Escape in a header's controls: back to the header itself. */
  onExitColumn: (columnIndex: number) => void;
  /** Id of the text that says how to reach a header's controls. */
  describedBy: string;
}

/**
 * The grid's header row: one column header per drawn column, each holding what the caller
 * renders (sort, summary, filter) and a resize handle. Sticky at the top of the scroll area.
 * A column header is a cell of the grid's keyboard navigation (the ARIA grid pattern's
 * header row): arrows reach it, Enter or F2 lets Tab into its controls, Escape comes back.
 */
function DataTableHeaderInner<TData extends RowData>({
  table,
  headerHeight,
  renderHeaderCell,
  ariaSortOf,
  columnWindow,
  tabbableColumn,
  editingColumn,
  onFocusColumn,
  onLeaveColumn,
  onExitColumn,
  describedBy,
}: DataTableHeaderProps<TData>) {
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const { drawn, frozen } = columnWindow;
  const theadRef = useRef<HTMLTableSectionElement>(null);
  useHeaderControlTabStops(theadRef, editingColumn);
  return (
    <thead
      ref={theadRef}
      // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
      role="rowgroup"
      className="sticky top-0 z-10 grid"
    >
      <tr
        // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
        role="row"
        aria-rowindex={1}
        data-row-index={HEADER_ROW}
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
              data-column-index={columnIndex}
              tabIndex={columnIndex === tabbableColumn ? 0 : -1}
              aria-describedby={describedBy}
              onFocus={(event) => onFocusColumn(columnIndex, event.target === event.currentTarget)}
              onBlur={(event) => {
                const to = event.relatedTarget;
                if (!(to instanceof Node && event.currentTarget.contains(to)))
                  onLeaveColumn(columnIndex);
              }}
              onKeyDown={(event) => {
                const target = event.target as HTMLElement;
                // An open popover's button leaves Escape to the popover (it closes it).
                if (
                  event.key !== 'Escape' ||
                  target === event.currentTarget ||
                  event.defaultPrevented ||
                  target.getAttribute('aria-expanded') === 'true'
                )
                  return;
                event.preventDefault();
                onExitColumn(columnIndex);
              }}
              // biome-ignore lint/a11y/noRedundantRoles: display:grid/flex strips implicit table roles in browsers
              role="columnheader"
              scope="col"
              // Named after the column alone: its content also holds the filter and resize
              // controls, which a screen reader would otherwise read out for every cell.
              aria-label={header.column.columnDef.meta?.label ?? header.column.id}
              aria-sort={ariaSortOf?.(header.column.id) ?? 'none'}
              className={`relative flex shrink-0 flex-col items-stretch gap-1 border-r border-slate-200 px-2 py-1 text-left font-normal outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-inset dark:border-slate-800 ${columnIndex === frozen ? `bg-slate-50 dark:bg-slate-900 ${FROZEN_CELL_CLASS}` : ''}`}
              style={columnCellStyle(columnWindow, columnIndex, header.getSize(), headerHeight)}
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
