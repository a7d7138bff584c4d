import { useLayoutEffect, useRef } from 'react';

/**
 * An Escape pressed while a dialog, sheet or panel is on its way (its code still loading,
 * the navigation that shows it not drawn yet) closes it, as it would once drawn. Focus
 * can't be inside it yet, so its own key handler can't hear the key: this listens on the
 * document instead, for as long as the component using it is mounted (a Suspense fallback
 * is mounted exactly while the code loads). An Escape a control already used (its default
 * prevented) is left alone, as usePopoverDismissal leaves it.
 *
 * A layout effect: the listener is there in the same commit as the opening that drew the
 * fallback, and goes in the same commit as the dialog that takes focus in its place.
 */
export function useEscapeWhileOpening(onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** useEscapeWhileOpening as a Suspense fallback that draws nothing (Go to's). */
export function EscapeWhileOpening({ onEscape }: { onEscape: () => void }) {
  useEscapeWhileOpening(onEscape);
  return null;
}
