import { Suspense, useEffect, useState } from 'react';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { whenIdle } from '../lib/when-idle';

const undoToast = lazyWithPreload(() => import('./undo-toast').then((module) => module.UndoToast));

/**
 * The Undo offer (undo-toast.tsx), its code loaded once the first screen is idle rather
 * than in the connect screen's first download: nothing is offered back before a Forget or
 * a Sign out, which a person makes after the page has come to rest. An offer made sooner
 * loads it at once.
 */
export function LazyUndoToast() {
  const store = useOptionalAuthStore();
  const [wanted, setWanted] = useState(() => store?.getState().undoOffer != null);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  useEffect(() => {
    if (store === null) return;
    return store.subscribe(() => {
      if (store.getState().undoOffer != null) setWanted(true);
    });
  }, [store]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <undoToast.Component />
    </Suspense>
  );
}
