import { useEffect, useRef } from 'react';
import { useNoticeTime } from '../../../../components/use-notice-time';
import { useT } from '../../../../lib/i18n/i18n-react';
import { CODE_SLOT } from '../../shared-ui/records-states';
import { MessageWithName } from './message-with-name';
import type { YourView } from './your-views';

/** "“Paid” deleted. Undo", held as Forget's own offer is (useNoticeTime). */
export function DeletedOffer({
  view,
  onUndo,
  onDismiss,
}: {
  view: YourView | null;
  onUndo: (view: YourView) => void;
  onDismiss: () => void;
}) {
  const t = useT();
  const containerRef = useRef<HTMLElement>(null);
  const viewId = view?.id ?? null;
  const hold = useNoticeTime(viewId, containerRef, onDismiss);
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (viewId !== null) undoRef.current?.focus();
  }, [viewId]);
  return (
    <section
      ref={containerRef}
      aria-label={t('records.yours.deletedRegion')}
      {...hold}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
      className={
        view === null
          ? 'sr-only'
          : 'fixed bottom-4 left-1/2 z-50 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-3 rounded-md border border-slate-700 bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:border-slate-300 dark:bg-white dark:text-slate-900'
      }
    >
      <p aria-live="polite" className="min-w-0">
        {view ? (
          <MessageWithName
            message={t('records.yours.deleted', { name: CODE_SLOT })}
            name={view.name}
          />
        ) : null}
      </p>
      {view ? (
        <>
          <button
            ref={undoRef}
            type="button"
            onClick={() => onUndo(view)}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t('records.yours.undo')}
          </button>
          <button
            type="button"
            aria-label={t('records.yours.dismiss')}
            onClick={onDismiss}
            className="shrink-0 rounded-md px-2 py-1.5 hover:bg-slate-700 dark:hover:bg-slate-200"
          >
            <span aria-hidden="true">×</span>
          </button>
        </>
      ) : null}
    </section>
  );
}
