import { memo } from 'react';
import { ColumnSortButton } from '../../../../components/data-table/column-header';
import type { Column, RecordQuery, SortDirection } from '../../../../lib/api/types';
import { ColumnFilter } from '../../filter/column-filter';
import { ColumnSummaryButton } from '../../summaries/summary-button';
import type { useColumnSummary } from '../../summaries/use-column-summary';
import type { HistoryMode } from '../../views/view-url-writer';

/**
 * One column's header: sort toggle, column summary button and the column's filter. The
 * records view renders again for every page that arrives (and every start of a fetch);
 * the header's cells, whose filters are the costliest part of it (a date filter's
 * segments), are drawn again only when what they show changes: their column, sort, filter
 * value, error or open summary.
 */
export function RecordsHeaderCell({
  column,
  query,
  error,
  columnSummary,
  onToggleSort,
  onFilter,
}: {
  column: Column;
  /** The sort and filters on screen. */
  query: RecordQuery;
  /** The service's message about this column's filter, said under its input. */
  error: string | null;
  columnSummary: ReturnType<typeof useColumnSummary>;
  /** The header's click (see useTableUrlState's toggleSort). */
  onToggleSort: (column: string) => void;
  onFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
}) {
  return (
    <HeaderCellContent
      column={column}
      sort={query.sort?.column === column.name ? query.sort.direction : null}
      filterValue={query.filters[column.name]}
      error={error}
      summaryOpen={columnSummary.openName === column.name}
      onToggleSummary={columnSummary.toggle}
      summaryButtonRef={columnSummary.buttonRef}
      onToggleSort={onToggleSort}
      onFilter={onFilter}
    />
  );
}

const HeaderCellContent = memo(function HeaderCellContent({
  column,
  sort,
  filterValue,
  error,
  summaryOpen,
  onToggleSummary,
  summaryButtonRef,
  onToggleSort,
  onFilter,
}: {
  column: Column;
  sort: SortDirection | null;
  filterValue: string | undefined;
  error: string | null;
  summaryOpen: boolean;
  onToggleSummary: (column: string) => void;
  summaryButtonRef: ReturnType<typeof useColumnSummary>['buttonRef'];
  onToggleSort: (column: string) => void;
  onFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
}) {
  return (
    <>
      <div className="flex min-w-0 items-center justify-between gap-1">
        <ColumnSortButton
          label={column.name}
          description={column.description}
          sort={sort}
          onToggle={() => onToggleSort(column.name)}
        />
        <ColumnSummaryButton
          columnName={column.name}
          expanded={summaryOpen}
          onClick={() => onToggleSummary(column.name)}
          buttonRef={summaryButtonRef(column.name)}
        />
      </div>
      <ColumnFilter
        column={column}
        value={filterValue}
        error={error}
        onCommit={(value, mode) => onFilter(column.name, value, mode)}
      />
    </>
  );
});
