import { useId } from 'react';
import type { TableView } from '../../../lib/api/types';
import { defaultViewOf, type ResolvedView } from './view-state';

const control =
  'h-8 rounded border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900';

/** "Paid, biggest first (changed)": the chosen view, as the line beside the picker names it. */
export function viewTitleOf(resolved: ResolvedView): string | null {
  if (resolved.view === null) return null;
  return `${resolved.view.name}${resolved.changed ? ' (changed)' : ''}`;
}

/**
 * The table's saved views, shown above the grid when it has any. Choosing one applies its
 * columns, sort and filters; after a hand-made change, "Back to …" restores the view.
 */
export function ViewPicker({
  tableName,
  views,
  resolved,
  onSelect,
  onReset,
}: {
  tableName: string;
  views: readonly TableView[];
  resolved: ResolvedView;
  onSelect: (viewId: string | null) => void;
  onReset: () => void;
}) {
  const selectId = useId();
  const hasDefault = defaultViewOf(views) !== null;
  const view = resolved.view;
  const title = viewTitleOf(resolved);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {title ? (
        // Announced when it changes: choosing a view, or editing one by hand.
        <p aria-live="polite" dir="auto" className="text-sm text-slate-700 dark:text-slate-300">
          {tableName} · {title}
        </p>
      ) : null}
      <label htmlFor={selectId} className="text-sm text-slate-700 dark:text-slate-300">
        View
      </label>
      <select
        id={selectId}
        value={view?.id ?? ''}
        onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
        className={control}
      >
        {hasDefault ? null : <option value="">Table as it is</option>}
        {views.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
            {option.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
      {view !== null && resolved.changed ? (
        <button type="button" onClick={onReset} className={`${control} px-3 hover:bg-slate-50`}>
          Back to “{view.name}”
        </button>
      ) : null}
    </div>
  );
}

/** What the user should know about the chosen view: missing columns skipped, or a view gone. */
export function ViewNotices({
  resolved,
  onShowTable,
}: {
  resolved: ResolvedView;
  onShowTable: () => void;
}) {
  if (resolved.unknownViewId !== null) {
    return (
      <div
        role="alert"
        className="mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <span className="flex-1">
          This link names a saved view the table no longer has; the table is shown
          {resolved.view ? ` with its default view, “${resolved.view.name}”` : ' as it is'}.
        </span>
        <button
          type="button"
          onClick={onShowTable}
          className="h-8 rounded border border-amber-400 px-3 hover:bg-amber-100 dark:hover:bg-amber-900"
        >
          Forget that view
        </button>
      </div>
    );
  }
  if (resolved.view !== null && resolved.missingColumns.length > 0) {
    const names = resolved.missingColumns.map((name) => `“${name}”`).join(', ');
    return (
      <p
        role="status"
        className="mx-4 mb-2 rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
      >
        The view “{resolved.view.name}” names{' '}
        {resolved.missingColumns.length === 1 ? 'a column' : 'columns'} this table no longer has (
        {names}); {resolved.missingColumns.length === 1 ? 'it is' : 'they are'} skipped.
      </p>
    );
  }
  return null;
}
