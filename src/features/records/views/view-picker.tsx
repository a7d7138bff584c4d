// Room views/: choosing a view of the table and keeping it. Owns the picker (here), the
// view in the address (view-url.ts, free of React, and its writer view-url-writer.ts;
// view-state.ts resolves it against the saved view), its columns (view-columns.ts), the table's last view (last-view.ts), a
// shared link (use-view-address.ts, shared-view-offer.tsx) and one's own views
// (your-views/). May import shared-ui/, layouts/ (a view's layout), lib/, components/.
import { useId } from 'react';
import type { TableView } from '../../../lib/api/types';
import { formatList } from '../../../lib/i18n/formats';
import { t } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/i18n-react';
import { defaultViewOf, type ResolvedView } from './view-state';
import type { YourViews } from './your-views/use-your-views';
import { MINE_PREFIX, type YourView, yourIdOf } from './your-views/your-views';
import { type CurrentView, YourViewsMenu } from './your-views/your-views-menu';

/** One's own views, beside the service's, and what the picker does with them. */
export interface YourViewsControls {
  tableId: string;
  yours: YourViews;
  current: () => CurrentView;
  onSelectYours: (view: YourView) => void;
  /** The chosen view of one's own was deleted: the grid keeps showing what it showed. */
  onDeleted: (view: YourView) => void;
}

const control =
  'h-8 rounded border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900';

/** "Paid, biggest first (changed)": the chosen view, as the line beside the picker names it. */
export function viewTitleOf(resolved: ResolvedView): string | null {
  if (resolved.view === null) return null;
  const name = resolved.view.name;
  return resolved.changed ? t('records.views.changed', { name }) : name;
}

/**
 * The table's saved views: "Yours" (kept on this device or in this tab) and "From the
 * workspace" (the service's). Choosing one applies its columns, sort and filters; after a
 * hand-made change, "Back to …" restores the view. "Your views" saves, renames, updates,
 * shares and deletes one's own.
 */
export function ViewPicker({
  tableName,
  views,
  resolved,
  onSelect,
  onReset,
  yours,
}: {
  tableName: string;
  views: readonly TableView[];
  resolved: ResolvedView;
  onSelect: (viewId: string | null) => void;
  onReset: () => void;
  yours?: YourViewsControls | undefined;
}) {
  const t = useT();
  const selectId = useId();
  const hasDefault = defaultViewOf(views) !== null;
  const view = resolved.view;
  const title = viewTitleOf(resolved);
  const own = yours?.yours.views ?? [];
  const chosenId = yourIdOf(view);
  const chosenYours = chosenId === null ? null : (own.find((item) => item.id === chosenId) ?? null);
  const serviceOptions = (
    <>
      {hasDefault ? null : <option value="">{t('records.views.tableAsIs')}</option>}
      {views.map((option) => (
        <option key={option.id} value={option.id} translate={option.isDefault ? undefined : 'no'}>
          {option.isDefault ? t('records.views.defaultOption', { name: option.name }) : option.name}
        </option>
      ))}
    </>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {title ? (
        // Announced when it changes: choosing a view, or editing one by hand.
        <p aria-live="polite" dir="auto" className="text-sm text-slate-700 dark:text-slate-300">
          <span translate="no">{tableName}</span> ·{' '}
          <span translate={view?.name === title ? 'no' : undefined}>{title}</span>
        </p>
      ) : null}
      {/* Named for assistive technology only: the toolbar has no room to spare (a wider one
          wraps, and its popovers open under the sidebar); the picker shows the view's name. */}
      <label htmlFor={selectId} className="sr-only">
        {t('records.views.label')}
      </label>
      {/* The picker and its menu as one control, without a gap: the toolbar has no width to spare. */}
      <div className="flex">
        <select
          id={selectId}
          value={view?.id ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            const mine = value.startsWith(MINE_PREFIX)
              ? own.find((item) => `${MINE_PREFIX}${item.id}` === value)
              : undefined;
            if (mine) yours?.onSelectYours(mine);
            else onSelect(value === '' ? null : value);
          }}
          className={`${control} max-w-60 ${yours?.yours.canKeep ? 'rounded-r-none' : ''}`}
        >
          {own.length > 0 ? (
            <>
              <optgroup label={t('records.yours.groupYours')}>
                {own.map((option) => (
                  <option key={option.id} value={`${MINE_PREFIX}${option.id}`} translate="no">
                    {option.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('records.yours.groupWorkspace')}>{serviceOptions}</optgroup>
            </>
          ) : (
            serviceOptions
          )}
        </select>
        {yours?.yours.canKeep ? (
          <YourViewsMenu
            tableId={yours.tableId}
            yours={yours.yours}
            chosen={chosenYours}
            current={yours.current}
            onChosen={yours.onSelectYours}
            onDeleted={yours.onDeleted}
          />
        ) : null}
      </div>
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
