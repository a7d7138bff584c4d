import type { Header } from '@tanstack/react-table';
import { type ReactNode, useCallback, useRef } from 'react';
import { ariaSortOf } from '../../../components/data-table/column-header';
import { DataTable, type DataTableProps } from '../../../components/data-table/data-table';
import type { DataTableFeatures } from '../../../components/data-table/data-table-features';
import { useCoarsePointer } from '../../../components/data-table/use-coarse-pointer';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { RecordCards } from '../cards/record-cards';
import { RecordsDisplayBody } from '../layouts/records-display-body';
import type { useRecordsDisplay } from '../layouts/use-records-display';
import { clipboardTextOf, copyText } from '../panel/clipboard-text';
import type { useColumnSummary } from '../summaries/use-column-summary';
import type { HistoryMode } from '../views/view-url-writer';
import { useRowAt } from './data/use-records-table';
import { RecordsHeaderCell } from './header/records-header-cell';

const HEADER_HEIGHT = 66;
/** With a finger for a pointer the header's controls are 44 px tall (sort row and filter). */
const HEADER_HEIGHT_COARSE = 106;
const HEADER_ERROR_LINE = 18;

type GridProps = DataTableProps<RecordRow>;
const NO_ROWS: readonly RecordRow[] = [];

/**
 * The view's records as the grid, or as cards (on a phone, or by choice): one list, two
 * skins, fed the same rows. The grid's header holds each column's sort, filter and summary.
 * A board or a calendar in the address reads the same view its own way, in their place.
 */
export function RecordsList({
  displayed,
  found,
  tableId,
  requestQuery,
  narrow,
  cards,
  growsUpward,
  table,
  columns,
  visibleColumns,
  label,
  rowCount,
  rowAt,
  knownTotal,
  query,
  headerErrorOf,
  anyHeaderError,
  columnSummary,
  onToggleSort,
  onFilter,
  onVisibleRangeChange,
  onOpenRow,
  onRequestLastRow,
  onCopied,
  footer,
  handleRef,
  rowMarkOf,
  painted,
}: {
  /** The board or calendar in the address, drawn instead of the grid and cards. */
  displayed: ReturnType<typeof useRecordsDisplay>;
  /**
   * A find's matches while one is on, else null: the grid's and cards' rows are then these
   * (`rowAt` is the view's), and a board or calendar shows only them.
   */
  found: readonly RecordRow[] | null;
  tableId: string;
  /** What the grid asks the service for: a board's columns and a calendar's walk read it too. */
  requestQuery: RecordQuery;
  /** A phone: one board column at a time, the calendar as an agenda. */
  narrow: boolean;
  cards: boolean;
  /** The view's end read backwards: a list anchored at its bottom. */
  growsUpward: boolean;
  table: GridProps['table'];
  columns: readonly Column[];
  visibleColumns: readonly Column[];
  label: string;
  rowCount: number;
  rowAt: GridProps['rowAt'];
  /** How many records the view holds, once counted or its end reached. */
  knownTotal: number | undefined;
  query: RecordQuery;
  headerErrorOf: (columnName: string) => string | null;
  anyHeaderError: boolean;
  columnSummary: ReturnType<typeof useColumnSummary>;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
  onVisibleRangeChange: NonNullable<GridProps['onVisibleRangeChange']>;
  /** Takes any row of the view's records: the grid's and the cards' rows both carry one. */
  onOpenRow: (row: { original: RecordRow }, rowIndex: number) => void;
  onRequestLastRow: () => void;
  /** A cell's value was copied (or not): what to tell the person. */
  onCopied: (notice: string) => void;
  footer: ReactNode;
  handleRef: GridProps['handleRef'];
  rowMarkOf: GridProps['rowMarkOf'];
  /** A page held while the grid paints, handed to it (held-pages.ts). */
  painted?: GridProps['painted'];
}) {
  const coarsePointer = useCoarsePointer();
  const foundRowAt = useRowAt(table, found ?? NO_ROWS, 0, found?.length ?? 0);
  const rowAtShown = found ? foundRowAt : rowAt;
  const header = useStableHeader({
    columns,
    query,
    headerErrorOf,
    columnSummary,
    onToggleSort,
    onFilter,
  });
  const { display } = displayed;
  if (display) {
    return (
      <RecordsDisplayBody
        displayed={{ ...displayed, display }}
        tableId={tableId}
        tableName={label}
        columns={columns}
        visibleColumns={visibleColumns}
        requestQuery={requestQuery}
        shownFilters={query.filters}
        found={found}
        onOpen={(record) => onOpenRow({ original: record }, 0)}
        narrow={narrow}
      />
    );
  }
  if (cards) {
    return (
      <RecordCards
        growsUpward={growsUpward}
        table={table}
        columns={columns}
        label={label}
        rowCount={rowCount}
        rowAt={rowAtShown}
        setSize={knownTotal}
        onVisibleRangeChange={onVisibleRangeChange}
        onOpenRow={onOpenRow}
        onRequestLastRow={onRequestLastRow}
        footer={footer}
        handleRef={handleRef}
      />
    );
  }
  return (
    <DataTable
      growsUpward={growsUpward}
      table={table}
      label={label}
      rowCount={rowCount}
      rowAt={rowAtShown}
      ariaRowCount={knownTotal === undefined ? undefined : knownTotal + 1}
      headerHeight={
        (coarsePointer ? HEADER_HEIGHT_COARSE : HEADER_HEIGHT) +
        (anyHeaderError ? HEADER_ERROR_LINE : 0)
      }
      renderHeaderCell={header.renderHeaderCell}
      ariaSortOf={header.ariaSortOf}
      onVisibleRangeChange={onVisibleRangeChange}
      onOpenRow={onOpenRow}
      onRequestLastRow={onRequestLastRow}
      onCopyCell={(row, columnId) =>
        void copyText(clipboardTextOf(row.original.fields[columnId]), columnId).then(onCopied)
      }
      footer={footer}
      // The row's name stays in view while reading far columns: the primary
      // column when shown, else the first.
      frozenColumnId={
        (visibleColumns.find((column) => column.isPrimary) ?? visibleColumns[0])?.name
      }
      handleRef={handleRef}
      rowMarkOf={rowMarkOf}
      painted={found ? undefined : painted}
    />
  );
}

/**
 * The header's cells and sort states as functions that change only when what the header
 * shows does (the columns, the view's sort and filters, an error, the summary open): the
 * grid's header is memoized, and new functions drew every header cell (and its filter)
 * again with each page or batch of matches the list was drawn for.
 */
function useStableHeader({
  columns,
  query,
  headerErrorOf,
  columnSummary,
  onToggleSort,
  onFilter,
}: {
  columns: readonly Column[];
  query: RecordQuery;
  headerErrorOf: (columnName: string) => string | null;
  columnSummary: ReturnType<typeof useColumnSummary>;
  onToggleSort: (column: string) => void;
  onFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
}) {
  const headerErrors = columns.map((column) => headerErrorOf(column.name) ?? '').join('\u0000');
  const latest = useRef({ headerErrorOf, columnSummary });
  latest.current = { headerErrorOf, columnSummary };
  // biome-ignore lint/correctness/useExhaustiveDependencies: headerErrors and the summary's open column stand for what latest holds
  const renderHeaderCell = useCallback(
    (header: Header<DataTableFeatures, RecordRow, unknown>) => {
      const column = columns.find((c) => c.name === header.column.id);
      if (!column) return null;
      return (
        <RecordsHeaderCell
          column={column}
          query={query}
          error={latest.current.headerErrorOf(column.name)}
          columnSummary={latest.current.columnSummary}
          onToggleSort={onToggleSort}
          onFilter={onFilter}
        />
      );
    },
    [columns, query, headerErrors, columnSummary.openName, onToggleSort, onFilter],
  );
  const sortColumn = query.sort?.column ?? null;
  const sortDirection = query.sort?.direction ?? null;
  const ariaSortOfColumn = useCallback(
    (columnId: string) => ariaSortOf(sortColumn === columnId ? sortDirection : null),
    [sortColumn, sortDirection],
  );
  return { renderHeaderCell, ariaSortOf: ariaSortOfColumn };
}
