import type { ReactNode } from 'react';
import type { AnyReactTable } from '../../../components/data-table/data-table';
import { ViewOptions } from '../../../components/data-table/view-options';
import { ProjectLink } from '../../../components/project-link';
import type { RecordRow, TableDetail } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { LinkingTables } from '../linked-from/linking-tables';
import { toolbarButton } from '../shared-ui/toolbar-button';
import { ViewPicker, type YourViewsControls } from '../views/view-picker';
import type { ResolvedView } from '../views/view-state';

/**
 * The grid's header: the table's name and description, a skip link past the header cells,
 * the find box, Jump to end (or Cancel while jumping), the saved-view picker, Count/Export
 * and the column options.
 */
export function RecordsToolbar({
  tableDetail,
  table,
  resolved,
  onSelectView,
  onResetView,
  yours,
  walkButtons,
  jumpControl,
  onSkipToRecords,
  layoutSwitch = null,
  find = null,
}: {
  tableDetail: TableDetail;
  table: AnyReactTable<RecordRow>;
  resolved: ResolvedView;
  onSelectView: (viewId: string | null) => void;
  onResetView: () => void;
  /** One's own views (Save view as…), inside the view picker. */
  yours?: YourViewsControls;
  /** Count and Export (count/view-walk-tools.tsx): over a find's matches while one is on. */
  walkButtons: ReactNode;
  /** Jump to end / Cancel: see `JumpToEndButton`. */
  jumpControl: ReactNode;
  onSkipToRecords: () => void;
  /** Table or cards (cards/cards-toolbar.tsx), on a screen wide enough for both. */
  layoutSwitch?: ReactNode;
  /** The find box (find/screen/find-box.tsx). */
  find?: ReactNode;
}) {
  const t = useT();
  return (
    // justify-end: controls that wrap onto a second line stay at the right, so the menus
    // they open (aligned to their right edge) never open under the sidebar.
    <header className="flex flex-wrap items-end justify-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
      {/* Past the toolbar and three controls per column header, straight to the cells. */}
      <button
        type="button"
        onClick={onSkipToRecords}
        className={`sr-only focus:not-sr-only ${toolbarButton}`}
      >
        {t('records.toolbar.skipToRecords')}
      </button>
      {/* At least 20 rem (or the whole line): a full toolbar wraps below the name and
          description instead of squeezing them into a column a word wide. */}
      <div className="min-w-0 flex-1 basis-80">
        <h1 dir="auto" translate="no" className="truncate text-lg font-semibold">
          {tableDetail.name}
        </h1>
        {tableDetail.description ? (
          <p dir="auto" translate="no" className="text-sm text-slate-600 dark:text-slate-400">
            {tableDetail.description}
          </p>
        ) : null}
        {tableDetail.projectId ? (
          <p className="flex min-w-0 gap-1 text-sm text-slate-600 dark:text-slate-400">
            <span>{t('records.toolbar.project')}</span>
            {/* A line of 24 px: the Linked from links just below stay out of its target (WCAG 2.5.8). */}
            <ProjectLink projectId={tableDetail.projectId} className="leading-6" />
          </p>
        ) : null}
        <LinkingTables tableId={tableDetail.id} />
      </div>
      {find}
      {jumpControl}
      {tableDetail.views.length > 0 || yours?.yours.canKeep ? (
        <ViewPicker
          tableName={tableDetail.name}
          views={tableDetail.views}
          resolved={resolved}
          onSelect={onSelectView}
          onReset={onResetView}
          yours={yours}
        />
      ) : null}
      {walkButtons}
      <ViewOptions table={table} />
      {layoutSwitch}
    </header>
  );
}

/**
 * Back to start while the grid shows the view's end read backwards, else Jump to end (or
 * Cancel while jumping); nothing while a find shows its matches (all of them are here).
 */
export function JumpControl({
  tail,
  jumping,
  canJump,
  onJump,
  onCancel,
  finding,
}: {
  /** The view's end, read backwards, is shown: Back to start. */
  tail: { active: boolean; backToStart: () => void };
  jumping: boolean;
  canJump: boolean;
  onJump: () => void;
  onCancel: () => void;
  finding: boolean;
}) {
  if (finding) return null;
  if (tail.active) return <BackToStartButton onClick={tail.backToStart} />;
  return (
    <JumpToEndButton jumping={jumping} canJump={canJump} onJump={onJump} onCancel={onCancel} />
  );
}

/** "Jump to end" while the end is not loaded; "Cancel" while a jump runs. */
export function JumpToEndButton({
  jumping,
  canJump,
  onJump,
  onCancel,
}: {
  jumping: boolean;
  canJump: boolean;
  onJump: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  if (jumping) {
    return (
      <button
        type="button"
        onClick={onCancel}
        aria-label={t('records.toolbar.cancelJump')}
        className={toolbarButton}
      >
        {t('records.toolbar.cancel')}
      </button>
    );
  }
  if (!canJump) return null;
  return (
    <button type="button" onClick={onJump} className={toolbarButton}>
      {t('records.toolbar.jumpToEnd')}
    </button>
  );
}

/** In place of Jump to end while the grid shows the view's end (decision 018). */
export function BackToStartButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <button type="button" onClick={onClick} className={toolbarButton}>
      {t('records.toolbar.backToStart')}
    </button>
  );
}
