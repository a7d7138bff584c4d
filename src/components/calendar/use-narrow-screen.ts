import { useSyncExternalStore } from 'react';

/** Below this width seven days don't fit side by side: the calendar is an agenda. */
const NARROW_QUERY = '(max-width: 767px)';

function subscribe(listener: () => void) {
  const media = typeof matchMedia === 'function' ? matchMedia(NARROW_QUERY) : null;
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

const isNarrow = () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches;

/** True while the window is phone-sized; follows it as it is resized or turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
