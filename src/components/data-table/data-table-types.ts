import type { Cell, Header, ReactTable, Row, RowData } from '@tanstack/react-table';
import type { ReactNode, Ref } from 'react';
import type { DataTableFeatures } from './data-table-features';
import type { VisibleRange } from './load-more';
import type { PaintedRows } from './painted-rows';

export type AriaSort = 'ascending' | 'descending' | 'none';

// The selected-state type is irrelevant here: the grid reads models and sizes, not state.
// biome-ignore lint/suspicious/noExplicitAny: ReactTable's third parameter is the caller's selector result
export type AnyReactTable<TData extends RowData> = ReactTable<DataTableFeatures, TData, any>;
export type DataRow<TData extends RowData> = Row<DataTableFeatures, TData>;
export type DataCell<TData extends RowData> = Cell<DataTableFeatures, TData, unknown>;

/** What a page asks of a virtualized list of records, the grid's rows or the phone's cards. */
export interface DataTableHandle {
  /** Scrolls row `rowIndex` into view and moves keyboard focus to it. */
  focusRow: (rowIndex: number) => void;
  /** Moves keyboard focus back to the cell the user was last on (a skip link's target). */
  focusActiveCell: () => void;
  scrollToRow: (rowIndex: number) => void;
  /** The row at the top of the viewport, under the header (where the user is). */
  topRow: () => number;
}

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
  /**
   * The column that stays at the left edge, with its header, while the others scroll
   * sideways (the table's primary column): the row's name stays in view.
   */
  frozenColumnId?: string;
  handleRef?: Ref<DataTableHandle>;
  /**
   * A mark on some rows (the records changed since the last visit): its kind goes into
   * the row's `data-mark` (styled), its label into the row's accessible description.
   */
  rowMarkOf?: (row: DataRow<TData>) => RowMark | null;
  /**
   * Draw the body on a canvas while the person scrolls (decision 066; the default). Off
   * for a grid whose cells are more than text a canvas can draw from `meta.drawnText`.
   */
  paintWhileScrolling?: boolean;
  /**
   * Rows its owner hands over between its renders while the canvas paints (a page
   * arriving): drawn at once, the owner rendering only at the rest (painted-rows.ts).
   */
  painted?: PaintedRows<TData> | undefined;
}

export interface RowMark {
  kind: string;
  label: string;
}
