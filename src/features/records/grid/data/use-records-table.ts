import { constructRow, type Row, type Table, useTable } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { dataTableFeatures } from '../../../../components/data-table/data-table-features';
import { useCoarsePointer } from '../../../../components/data-table/use-coarse-pointer';
import type { Column, RecordRow, TableDetail, TableView } from '../../../../lib/api/types';
import { useLocale } from '../../../../lib/i18n/i18n-react';
import { useRecordLabelReader } from '../../../../lib/use-record-label';
import { fittedWidths } from '../../columns/column-widths';
import { defaultWidthOf, recordColumnDefs } from '../../columns/columns';
import { orderColumns } from '../../columns/infer-columns';
import { useInferredColumns } from '../../columns/use-inferred-columns';
import { columnsForView, viewLayoutOf } from '../../views/view-columns';
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
  const locale = useLocale();
  // Widths fitted to the first values seen for these columns in this language, kept from
  // then on: a later page never makes a column jump under the person's eyes.
  // Keyed by the columns' names and kinds, not the array: a view made afresh each render
  // (a shared link's) gives equal columns in a new array, and a state set for every new
  // array during render would render again forever.
  const columnsKey = useMemo(
    () => columns.map((column) => `${column.name}\u0000${column.type}`).join('\u0001'),
    [columns],
  );
  // Under a finger a date column is wide enough for its filter's 44 px parts and buttons.
  const coarse = useCoarsePointer();
  const [fitted, setFitted] = useState<FittedWidths | null>(null);
  if (
    rows.length > 0 &&
    (fitted?.columnsKey !== columnsKey || fitted.locale !== locale || fitted.coarse !== coarse)
  ) {
    setFitted({
      columnsKey,
      locale,
      coarse,
      widths: fittedWidths(columns, rows.slice(0, 100), (column) =>
        defaultWidthOf(column.type, coarse),
      ),
    });
  }
  const fittedByName = fitted?.columnsKey === columnsKey ? fitted.widths : undefined;
  // A linked record's name as known now: the canvas draws it while the grid scrolls.
  const referenceLabel = useRecordLabelReader();
  const columnDefs = useMemo(
    () => recordColumnDefs(columns, locale, fittedByName, coarse, referenceLabel),
    [columns, locale, fittedByName, coarse, referenceLabel],
  );
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
  const [drawnRows] = useState(() => new DrawnRows());
  const rowAt = useRowAt(table, rows, firstRow, endRow, drawnRows);
  const tableRef = useRef(table);
  tableRef.current = table;
  /** The rows of a window not rendered yet (a page held while the grid paints), as rowAt. */
  const rowAtOf = useCallback(
    (held: readonly RecordRow[], heldFirst: number, heldEnd: number) =>
      rowAtIn(drawnRows, tableRef, held, heldFirst, heldEnd),
    [drawnRows],
  );

  // Count and Export walk the view as it is now: visible columns in their on-screen order.
  const visibleColumns = useMemo(
    () => columns.filter((column) => prefs.visibility[column.name] !== false),
    [columns, prefs.visibility],
  );
  return { columns, visibleColumns, table, rowAt, rowAtOf, sizing: prefs.sizing };
}

interface FittedWidths {
  /** The columns' names and kinds, in order. */
  columnsKey: string;
  locale: string;
  /** Fitted for a finger (date columns wider for their filter's 44 px controls). */
  coarse: boolean;
  widths: Record<string, number>;
}

type RecordTableRow = Row<typeof dataTableFeatures, RecordRow>;

/**
 * The table's row at an index of the list, for rows [firstRow, endRow) in memory (`rows`);
 * a new function only when those change (the table object is new every render).
 */
export function useRowAt(
  table: RecordsTable,
  rows: readonly RecordRow[],
  firstRow: number,
  endRow: number,
  shared?: DrawnRows,
): (rowIndex: number) => RecordTableRow | undefined {
  const [own] = useState(() => new DrawnRows());
  const drawnRows = shared ?? own;
  const tableRef = useRef(table);
  tableRef.current = table;
  return useMemo(
    () => rowAtIn(drawnRows, tableRef, rows, firstRow, endRow),
    [rows, firstRow, endRow, drawnRows],
  );
}

function rowAtIn(
  drawnRows: DrawnRows,
  tableRef: { current: RecordsTable },
  rows: readonly RecordRow[],
  firstRow: number,
  endRow: number,
): (rowIndex: number) => RecordTableRow | undefined {
  return (rowIndex) => {
    const record =
      rowIndex >= firstRow && rowIndex < endRow ? rows[rowIndex - firstRow] : undefined;
    return record === undefined ? undefined : drawnRows.rowOf(tableRef.current, record, rowIndex);
  };
}
type RecordsTable = Table<typeof dataTableFeatures, RecordRow>;

/** Rows kept per generation: a few screens of rows, of the grid or the cards. */
const ROWS_PER_GENERATION = 256;

/**
 * The table's rows for the records drawn, made as they are drawn rather than as a row
 * model of every record in memory (up to 4,000). That model was made afresh with every
 * page that arrived, so every row drawn was a new object and re-rendered, and each row
 * kept the cells it had drawn until the next page: scrolling far, those lived long enough
 * to reach the old generation of the heap, whose collections (16–30 ms at 2× CPU) made
 * most of the long frames. Here a record keeps its row while it is drawn; a row not asked
 * for in the last two generations is let go.
 */
class DrawnRows {
  private current = new Map<RecordRow, RecordTableRow>();
  private previous = new Map<RecordRow, RecordTableRow>();
  private table: RecordsTable | null = null;

  /** `table`: this render's; rows are made with the one object behind every render's. */
  rowOf(table: RecordsTable, record: RecordRow, rowIndex: number): RecordTableRow {
    // `useTable` returns a new copy of its table every render; the columns are made with
    // the table itself, which the rows need too (their memos live on it).
    const core = (table.getAllLeafColumns()[0]?.table as RecordsTable | undefined) ?? table;
    if (core !== this.table) {
      this.table = core;
      this.current = new Map();
      this.previous = new Map();
    }
    const kept = this.current.get(record) ?? this.previous.get(record);
    const row = kept ?? constructRow(core, record.id, record, rowIndex, 0);
    if (!this.current.has(record)) {
      if (this.current.size >= ROWS_PER_GENERATION) {
        this.previous = this.current;
        this.current = new Map();
      }
      this.current.set(record, row);
    }
    return row;
  }
}
