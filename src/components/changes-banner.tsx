import { type ReactNode, useId } from 'react';
import { useT } from '../lib/i18n/i18n-react';
import { Button } from './button';

/**
 * "What changed since your last visit" above a screen (docs/decisions/051): what the
 * screen found, "Show them" opening the list of those items below it, and "Mark as seen",
 * which ends it for this visit. The sentence is a status, said once when it appears.
 */
export function ChangesBanner({
  summary,
  expanded,
  onToggle,
  onMarkSeen,
  canShow = true,
  className = 'mx-4 mb-2',
  children,
}: {
  summary: string;
  expanded: boolean;
  onToggle: () => void;
  onMarkSeen: () => void;
  /** False while there is nothing to list (a failure said in the summary). */
  canShow?: boolean;
  /** Its margins, to fit the screen's layout. */
  className?: string;
  /** The changed items, shown while expanded. */
  children?: ReactNode;
}) {
  const t = useT();
  const listId = useId();
  return (
    <section
      aria-label={t('shell.changes.label')}
      className={`${className} rounded border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p role="status" className="min-w-0 flex-1">
          {summary}
        </p>
        {canShow ? (
          <Button aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
            {expanded ? t('shell.changes.hide') : t('shell.changes.show')}
          </Button>
        ) : null}
        <Button onClick={onMarkSeen}>{t('shell.changes.markSeen')}</Button>
      </div>
      <div id={listId} hidden={!expanded} className="mt-2 max-h-64 overflow-y-auto">
        {expanded ? children : null}
      </div>
    </section>
  );
}

/** "New" or "Changed" beside an item in the list. */
export function ChangeKind({ isNew }: { isNew: boolean }) {
  const t = useT();
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium ${
        isNew
          ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
      }`}
    >
      {isNew ? t('shell.changes.new') : t('shell.changes.changed')}
    </span>
  );
}
