import type { Cell, ReactTable, Row, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './data-table-features';

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
