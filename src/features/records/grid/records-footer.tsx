import type { Column, RecordQuery } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { describeLoadError } from '../shared/load-error';
import { ErrorNotice, GridMessage } from '../shared-ui/records-states';
import { NoMatchHint } from './refusals/no-match-hint';

/**
 * What the grid says under its header row when it has no rows to show: the view failed
 * to load (with Retry), no record matches the filters (with a near-miss hint and Clear
 * filters), or the table is empty. Nothing otherwise.
 */
export function RecordsFooter({
  loadError,
  onRetry,
  isEmpty,
  tableId,
  tableName,
  appliedView,
  columns,
  onApplyFilter,
  onClearFilters,
}: {
  loadError: unknown;
  onRetry: () => void;
  /** The view loaded and holds no record. */
  isEmpty: boolean;
  tableId: string;
  tableName: string;
  /** The view the rows answer (less what the service refused). */
  appliedView: RecordQuery;
  columns: readonly Column[];
  onApplyFilter: (column: string, value: string) => void;
  onClearFilters: () => void;
}) {
  const t = useT();
  if (loadError) return <ErrorNotice message={describeLoadError(loadError)} onRetry={onRetry} />;
  if (!isEmpty) return null;
  if (Object.keys(appliedView.filters).length === 0) {
    return <GridMessage title={t('records.footer.empty')} />;
  }
  return (
    <GridMessage title={t('records.footer.noMatch')}>
      <NoMatchHint
        tableId={tableId}
        tableName={tableName}
        query={appliedView}
        columns={columns}
        onApply={onApplyFilter}
      />
      <button
        type="button"
        onClick={onClearFilters}
        className="mt-2 rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
      >
        {t('records.footer.clearFilters')}
      </button>
    </GridMessage>
  );
}
