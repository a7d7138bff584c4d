import { useSyncExternalStore } from 'react';
import { mediaQueryList } from '../../lib/media-query';

const COARSE = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const query = mediaQueryList(COARSE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the main pointer is a finger: controls are then 44 px tall (WCAG 2.5.5), so
 * whatever sizes itself around them in script (the grid's header height) must know.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(COARSE)?.matches === true,
    () => false,
  );
}
