import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import type { Column, RecordQuery, RecordSort } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { ColumnFilter } from '../filter/column-filter';
import type { HistoryMode } from '../views/view-url-writer';
import { primaryTouchButton, touchButton } from './touch-button';

const selectClass =
  'h-8 min-w-0 rounded border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:h-11 dark:border-slate-700 dark:bg-slate-900';

/**
 * "Sort and filter" for the cards, which have no column headers: a bottom sheet (a modal
 * dialog: focus stays inside, Escape closes it, focus returns to its button) holding the
 * saved-view picker, the sort, and each column's filter, the same inputs as the grid's
 * header (typed per column, the service's refusal said under its input). What the view
 * then shows (the near-miss hint when nothing matches) is said at its foot.
 */
export function SortFilterSheet({
  open,
  onClose,
  columns,
  query,
  errorOf,
  onSort,
  onFilter,
  onClearFilters,
  viewPicker,
  result,
  find = null,
}: {
  open: boolean;
  onClose: () => void;
  /** The view's columns, in its order. */
  columns: readonly Column[];
  query: RecordQuery;
  /** The service's message about a column's filter, or null. */
  errorOf: (column: string) => string | null;
  onSort: (sort: RecordSort | null) => void;
  onFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
  onClearFilters: () => void;
  viewPicker: ReactNode;
  /** The view's status line and, when nothing matches, the hint and Clear filters. */
  result: ReactNode;
  /** The table's find box (find/screen/find-box.tsx): finding is part of narrowing the view. */
  find?: ReactNode;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const sortId = useId();
  // A layout effect, so the sheet is modal (and focus in it) the moment it is drawn: after
  // its code loaded, a passive effect ran a task later and an Escape in between was lost.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // showModal: the page behind is inert (focus can't leave) and Escape closes it.
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  const filterCount = Object.keys(query.filters).length;
  const sortColumn = query.sort?.column ?? '';
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        // A modal dialog lets Tab leave for the browser's own controls; the sheet keeps it.
        if (event.key !== 'Tab') return;
        const focusable = [
          ...event.currentTarget.querySelectorAll<HTMLElement>(
            'button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href], [tabindex="0"]',
          ),
        ].filter((element) => element.offsetParent !== null);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        }
      }}
      // A press on the backdrop (outside the sheet's box) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 mt-auto max-h-[85dvh] w-full max-w-none overflow-hidden rounded-t-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 sm:mx-auto sm:max-w-lg dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
            <h2 id={titleId} className="flex-1 text-base font-semibold">
              {t('records.cards.sheetTitle')}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('records.cards.closeSheet')}
              className={touchButton}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
            {find}
            {viewPicker}
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">{t('records.cards.sortLegend')}</legend>
              <div className="flex flex-wrap items-center gap-2">
                <label htmlFor={sortId} className="text-sm">
                  {t('records.cards.sortBy')}
                </label>
                <select
                  id={sortId}
                  value={sortColumn}
                  onChange={(event) => {
                    const column = event.target.value;
                    onSort(
                      column === '' ? null : { column, direction: query.sort?.direction ?? 'asc' },
                    );
                  }}
                  className={`${selectClass} flex-1`}
                >
                  <option value="">{t('records.cards.noSort')}</option>
                  {columns.map((column) => (
                    <option key={column.name} value={column.name} translate="no">
                      {column.name}
                    </option>
                  ))}
                </select>
              </div>
              {query.sort ? (
                <div className="flex flex-wrap gap-2">
                  {(['asc', 'desc'] as const).map((direction) => (
                    <label
                      key={direction}
                      className="flex items-center gap-2 rounded border border-slate-300 px-3 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 pointer-coarse:h-11 h-8 dark:border-slate-700 dark:has-checked:bg-blue-950"
                    >
                      <input
                        type="radio"
                        name={`${sortId}-direction`}
                        checked={query.sort?.direction === direction}
                        onChange={() =>
                          query.sort && onSort({ column: query.sort.column, direction })
                        }
                      />
                      {t(
                        direction === 'asc'
                          ? 'records.cards.ascending'
                          : 'records.cards.descending',
                      )}
                    </label>
                  ))}
                </div>
              ) : null}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">
                {t('records.cards.filtersLegend', { count: filterCount })}
              </legend>
              {columns.map((column) => (
                <div key={column.name} className="min-w-0">
                  <p dir="auto" translate="no" className="mb-1 text-sm font-medium break-words">
                    {column.name}
                  </p>
                  <ColumnFilter
                    column={column}
                    value={query.filters[column.name]}
                    error={errorOf(column.name)}
                    onCommit={(value, mode) => onFilter(column.name, value, mode)}
                  />
                </div>
              ))}
              {filterCount > 0 ? (
                <button type="button" onClick={onClearFilters} className={touchButton}>
                  {t('records.footer.clearFilters')}
                </button>
              ) : null}
            </fieldset>
          </div>
          <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-800">
            {result}
            <button type="button" onClick={onClose} className={`${primaryTouchButton} mt-2 w-full`}>
              {t('records.cards.showRecords')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
