import { useId } from 'react';
import type { TableView } from '../../../lib/api/types';
import { formatList } from '../../../lib/i18n/formats';
import { t } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/i18n-react';
import { defaultViewOf, type ResolvedView } from './view-state';

const control =
  'h-8 rounded border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900';

/** "Paid, biggest first (changed)": the chosen view, as the line beside the picker names it. */
export function viewTitleOf(resolved: ResolvedView): string | null {
  if (resolved.view === null) return null;
  const name = resolved.view.name;
  return resolved.changed ? t('records.views.changed', { name }) : name;
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
  const t = useT();
  const selectId = useId();
  const hasDefault = defaultViewOf(views) !== null;
  const view = resolved.view;
  const title = viewTitleOf(resolved);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {title ? (
        // Announced when it changes: choosing a view, or editing one by hand.
        <p aria-live="polite" dir="auto" className="text-sm text-slate-700 dark:text-slate-300">
          <span translate="no">{tableName}</span> ·{' '}
          <span translate={view?.name === title ? 'no' : undefined}>{title}</span>
        </p>
      ) : null}
      <label htmlFor={selectId} className="text-sm text-slate-700 dark:text-slate-300">
        {t('records.views.label')}
      </label>
      <select
        id={selectId}
        value={view?.id ?? ''}
        onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
        className={control}
      >
        {hasDefault ? null : <option value="">{t('records.views.tableAsIs')}</option>}
        {views.map((option) => (
          <option key={option.id} value={option.id} translate={option.isDefault ? undefined : 'no'}>
            {option.isDefault
              ? t('records.views.defaultOption', { name: option.name })
              : option.name}
          </option>
        ))}
      </select>
      {view !== null && resolved.changed ? (
        <button type="button" onClick={onReset} className={`${control} px-3 hover:bg-slate-50`}>
          {t('records.views.backTo', { name: view.name })}
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
  const t = useT();
  if (resolved.unknownViewId !== null) {
    return (
      <div
        role="alert"
        className="mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <span className="flex-1">
          {resolved.view
            ? t('records.views.unknownWithDefault', { name: resolved.view.name })
            : t('records.views.unknown')}
        </span>
        <button
          type="button"
          onClick={onShowTable}
          className="h-8 rounded border border-amber-400 px-3 hover:bg-amber-100 dark:hover:bg-amber-900"
        >
          {t('records.views.forget')}
        </button>
      </div>
    );
  }
  if (resolved.view !== null && resolved.missingColumns.length > 0) {
    const names = formatList(
      resolved.missingColumns.map((name) => t('records.views.quoted', { name })),
    );
    return (
      <p
        role="status"
        className="mx-4 mb-2 rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
      >
        {t('records.views.missingColumns', {
          name: resolved.view.name,
          count: resolved.missingColumns.length,
          columns: names,
        })}
      </p>
    );
  }
  return null;
}
