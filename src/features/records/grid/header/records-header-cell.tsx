import { ColumnSortButton } from '../../../../components/data-table/column-header';
import type { Column, RecordQuery } from '../../../../lib/api/types';
import { ColumnFilter } from '../../filter/column-filter';
import { ColumnSummaryButton } from '../../summaries/summary-button';
import type { useColumnSummary } from '../../summaries/use-column-summary';
import type { HistoryMode } from '../../views/view-url-writer';

/** One column's header: sort toggle, column summary button and the column's filter. */
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
  const sortState = query.sort?.column === column.name ? query.sort.direction : null;
  return (
    <>
      <div className="flex min-w-0 items-center justify-between gap-1">
        <ColumnSortButton
          label={column.name}
          description={column.description}
          sort={sortState}
          onToggle={() => onToggleSort(column.name)}
        />
        <ColumnSummaryButton
          columnName={column.name}
          expanded={columnSummary.openName === column.name}
          onClick={() => columnSummary.toggle(column.name)}
          buttonRef={columnSummary.buttonRef(column.name)}
        />
      </div>
      <ColumnFilter
        column={column}
        value={query.filters[column.name]}
        error={error}
        onCommit={(value, mode) => onFilter(column.name, value, mode)}
      />
    </>
  );
}
