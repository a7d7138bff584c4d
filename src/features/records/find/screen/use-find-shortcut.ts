import { type RefObject, useEffect } from 'react';

/**
 * Ctrl+F (⌘F) inside a table's screen goes to its find box, which searches the whole
 * view; anywhere else, and pressed again in the box itself, it is the browser's own find
 * (which sees only the rows drawn), never taken away.
 */
export function useFindShortcut(
  scopeRef: RefObject<HTMLElement | null>,
  boxRef: RefObject<HTMLInputElement | null>,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'f' || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || event.defaultPrevented) return;
      const box = boxRef.current;
      const scope = scopeRef.current;
      const target = event.target instanceof Node ? event.target : null;
      if (!box || !scope || target === null || target === box || !scope.contains(target)) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [scopeRef, boxRef]);
}
