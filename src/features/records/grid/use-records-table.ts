import { useTable } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { dataTableFeatures } from '../../../components/data-table/data-table-features';
import type { Column, RecordRow, TableDetail, TableView } from '../../../lib/api/types';
import { recordColumnDefs } from '../columns/columns';
import { orderColumns } from '../columns/infer-columns';
import { useInferredColumns } from '../columns/use-inferred-columns';
import { columnsForView, viewLayoutOf } from '../views/view-columns';
import { useColumnPrefs } from './use-column-prefs';

/**
 * The grid's columns (the table's described ones, or inferred from the rows when the
 * service describes none, in a saved view's order) and the TanStack table over the rows
 * in memory, with the user's widths and hidden columns.
 */
export function useRecordsTable({
  tableId,
  tableDetail,
  tableLoaded,
  view,
  rows,
  firstRow,
  endRow,
}: {
  tableId: string;
  tableDetail: TableDetail | undefined;
  /** The table's description has arrived (columns are inferred only after it says none). */
  tableLoaded: boolean;
  view: TableView | null;
  rows: RecordRow[];
  /** Where `rows` sit in the whole list: rows [firstRow, endRow) are in memory. */
  firstRow: number;
  endRow: number;
}) {
  const describedColumns = tableDetail?.columns;
  const inferredColumns = useInferredColumns(rows, tableLoaded && !describedColumns);
  const columns: Column[] = useMemo(
    () => columnsForView(describedColumns ? orderColumns(describedColumns) : inferredColumns, view),
    [describedColumns, inferredColumns, view],
  );
  const columnDefs = useMemo(() => recordColumnDefs(columns), [columns]);
  const viewLayout = useMemo(() => (view ? viewLayoutOf(view, columns) : null), [view, columns]);

  const prefs = useColumnPrefs(tableId, viewLayout);
  const table = useTable({
    features: dataTableFeatures,
    columns: columnDefs,
    data: rows,
    getRowId: (row: RecordRow) => row.id,
    state: { columnSizing: prefs.sizing, columnVisibility: prefs.visibility },
    onColumnSizingChange: prefs.setSizing,
    onColumnVisibilityChange: prefs.setVisibility,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
  });
  const tableRows = table.getRowModel().rows;
  const rowAt = useCallback(
    (rowIndex: number) =>
      rowIndex >= firstRow && rowIndex < endRow ? tableRows[rowIndex - firstRow] : undefined,
    [tableRows, firstRow, endRow],
  );

  // Count and Export walk the view as it is now: visible columns in their on-screen order.
  const visibleColumns = useMemo(
    () => columns.filter((column) => prefs.visibility[column.name] !== false),
    [columns, prefs.visibility],
  );
  return { columns, visibleColumns, table, rowAt, sizing: prefs.sizing };
}
