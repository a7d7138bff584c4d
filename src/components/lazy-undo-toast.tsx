import { Suspense, useEffect, useState } from 'react';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import { lazyWithRetry } from '../lib/lazy-with-retry';

// Not lazyWithPreload: nothing preloads it, and the connect screen's code has a budget.
const UndoToast = lazyWithRetry(() => import('./undo-toast'));

/**
 * The Undo offer (undo-toast.tsx), its code loaded at a person's first press or key rather
 * than with the first screen: nothing is offered back before a Forget or a Sign out, which
 * takes a few of them. Loaded when the page first fell idle, it was fetched while a slow
 * phone still waited for the first screen's text (a skill's description), and delayed
 * its largest contentful paint by a round trip (decision 063). An offer made without one
 * (another tab signed out) loads it at once.
 */
export function LazyUndoToast() {
  const store = useOptionalAuthStore();
  const [wanted, setWanted] = useState(() => store?.getState().undoOffer != null);
  useEffect(() => {
    const want = () => setWanted(true);
    // Not removed: it is mounted once, for the app's life, and wanting it again is no change.
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, want, true);
    return store?.subscribe(() => {
      if (store.getState().undoOffer != null) want();
    });
  }, [store]);
  if (!wanted) return null;
  return (
    <Suspense>
      <UndoToast />
    </Suspense>
  );
}
