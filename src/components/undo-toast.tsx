import { useEffect, useRef, useState } from 'react';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import type { AuthStore, UndoSubject } from '../lib/auth/auth-store';
import { workspaceNameOf } from '../lib/auth/workspace-labels';
import { type Translate, useT } from '../lib/i18n/i18n-react';
import { Button } from './button';
import { NOTICE_SECONDS, useNoticeTime } from './use-notice-time';

/** How long Undo is offered once the person has moved on; held while pointed at or focused. */
export const UNDO_SECONDS = NOTICE_SECONDS;

/** Worded when drawn, so a language switch while it shows rewords it too. */
function undoMessageOf(subject: UndoSubject, t: Translate): string {
  if (subject.kind === 'signed-out') return t('connect.undo.signedOut');
  return t('connect.undo.forgot', { name: subject.name ?? workspaceNameOf(subject.workspace) });
}

/**
 * Offers back what Forget or Sign out just removed (src/lib/auth/auth-store.ts) for a few
 * seconds. Its words are announced through a live region that is always in the page, its
 * Undo button takes focus, the offer stays while pointed at or focused, and Escape on it
 * dismisses it.
 */
export function UndoToast() {
  const store = useOptionalAuthStore();
  if (store === null) return null;
  return <UndoOffer store={store} />;
}

function UndoOffer({ store }: { store: AuthStore }) {
  const t = useT();
  const [offer, setOffer] = useState(() => store.getState().undoOffer);
  const containerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const sync = () => setOffer(store.getState().undoOffer);
    sync();
    return store.subscribe(sync);
  }, [store]);

  const offerId = offer?.id ?? null;
  const hold = useNoticeTime(offerId, containerRef, () => {
    if (offerId !== null) store.dismissUndo(offerId);
  });

  // A new offer takes focus: the control that made it (Sign out, a Forget in a menu or
  // list) is gone or about to be, and a keyboard or screen reader user is then one key
  // from Undo. Its time does not run until the person does something else.
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (offerId !== null) undoRef.current?.focus();
  }, [offerId]);

  return (
    <section
      ref={containerRef}
      aria-label={t('connect.undo.region')}
      {...hold}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && offer !== null) store.dismissUndo(offer.id);
      }}
      className={
        offer === null
          ? 'sr-only'
          : 'fixed bottom-4 left-1/2 z-50 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-3 rounded-md border border-slate-700 bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:border-slate-300 dark:bg-white dark:text-slate-900'
      }
    >
      <p aria-live="polite" className="min-w-0">
        {offer === null ? '' : undoMessageOf(offer.subject, t)}
      </p>
      {offer !== null && (
        <>
          <Button
            ref={undoRef}
            variant="secondary"
            className="shrink-0"
            onClick={() => store.undo()}
          >
            {t('connect.undo.undo')}
          </Button>
          <Button
            variant="ghost"
            className="shrink-0 px-2 text-white hover:bg-slate-700 dark:text-slate-900 dark:hover:bg-slate-200"
            aria-label={t('connect.undo.dismiss')}
            onClick={() => store.dismissUndo(offer.id)}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </>
      )}
    </section>
  );
}

// The default export is what LazyUndoToast loads (React.lazy takes a default).
export default UndoToast;
