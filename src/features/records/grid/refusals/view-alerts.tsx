import type { Column } from '../../../../lib/api/types';
import { useT } from '../../../../lib/i18n/i18n-react';
import { toolbarButton } from '../../shared-ui/toolbar-button';
import type { ViewInputError } from './view-errors';
import type { ViewRefusal } from './view-refusals';

const alertBox =
  'mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * What the service refused of the view, above the grid: each refused filter or sort with
 * its message in full and the way out, and a typed sort or filter it rejected whose column
 * has no input to show the error under.
 */
export function ViewAlerts({
  refusals,
  inputError,
  columns,
  onRemoveFilter,
  onRemoveSort,
}: {
  refusals: readonly ViewRefusal[];
  inputError: ViewInputError | null;
  columns: readonly Column[];
  onRemoveFilter: (column: string) => void;
  onRemoveSort: () => void;
}) {
  const t = useT();
  const sortError = inputError?.kind === 'sort' ? inputError : null;
  const filterError = inputError?.kind === 'filter' ? inputError : null;
  const hasInput = (column: string) => columns.some((c) => c.name === column);
  return (
    <>
      {refusals.map((refusal) => (
        <RefusalBanner
          key={refusal.kind === 'filter' ? `filter:${refusal.column}` : 'sort'}
          // A filter's input already announces its message (role=alert under it).
          announce={!(refusal.kind === 'filter' && hasInput(refusal.column))}
          title={
            refusal.kind === 'filter'
              ? t('records.alerts.refusedFilter', { column: refusal.column, value: refusal.value })
              : t('records.alerts.refusedSort', { sort: refusal.sort })
          }
          message={refusal.message}
          actionLabel={t(
            refusal.kind === 'filter' ? 'records.alerts.removeFilter' : 'records.alerts.removeSort',
          )}
          onAction={() =>
            refusal.kind === 'filter' ? onRemoveFilter(refusal.column) : onRemoveSort()
          }
        />
      ))}
      {sortError ? (
        <div role="alert" className={alertBox}>
          <span className="flex-1">{sortError.message}</span>
          <button type="button" onClick={onRemoveSort} className={toolbarButton}>
            {t('records.alerts.removeSort')}
          </button>
        </div>
      ) : null}
      {filterError && !hasInput(filterError.column) ? (
        <div role="alert" className={alertBox}>
          <span className="flex-1">{filterError.message}</span>
          <button
            type="button"
            onClick={() => onRemoveFilter(filterError.column)}
            className={toolbarButton}
          >
            {t('records.alerts.removeFilter')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** A part of the view the service refused: its message in full, and the way out. */
function RefusalBanner({
  title,
  message,
  actionLabel,
  onAction,
  announce,
}: {
  title: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
  announce: boolean;
}) {
  return (
    <div role={announce ? 'alert' : undefined} className={alertBox}>
      <div className="min-w-0 flex-1">
        <p dir="auto" className="font-medium">
          {title}
        </p>
        <p dir="auto" className="break-words">
          {message}
        </p>
      </div>
      <button type="button" onClick={onAction} className={toolbarButton}>
        {actionLabel}
      </button>
    </div>
  );
}
