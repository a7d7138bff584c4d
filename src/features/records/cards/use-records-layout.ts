import { useCallback, useSyncExternalStore } from 'react';
import { mediaQueryList } from '../../../lib/media-query';

/** Below this width a table's columns don't fit beside each other: records show as cards. */
export const NARROW_QUERY = '(max-width: 767px)';
const STORAGE_KEY = 'workspace-browser.records-layout';

export type RecordsLayout = 'table' | 'cards';

/** What the person chose for wide screens, kept on this device; null: never chose. */
export function readLayoutChoice(): RecordsLayout | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'table' || value === 'cards' ? value : null;
  } catch {
    // Storage refused (a private window's quota, a sandboxed frame): the default holds.
    return null;
  }
}

const listeners = new Set<() => void>();

function writeLayoutChoice(layout: RecordsLayout) {
  try {
    localStorage.setItem(STORAGE_KEY, layout);
  } catch {
    // Not kept: the choice still holds until the page is left.
  }
  memoryChoice = layout;
  for (const listener of listeners) listener();
}

let memoryChoice: RecordsLayout | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = mediaQueryList(NARROW_QUERY);
  media?.addEventListener('change', listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

function isNarrow(): boolean {
  return mediaQueryList(NARROW_QUERY)?.matches === true;
}

function snapshot(): string {
  const choice = readLayoutChoice() ?? memoryChoice;
  return `${isNarrow() ? 'narrow' : 'wide'}:${choice ?? ''}`;
}

/**
 * Cards or the table: a phone-sized window always shows cards (a table's columns don't fit
 * it without scrolling sideways); a wider one shows the table unless the person picked
 * cards. The pick is kept on this device and follows the window as it is resized.
 */
export function useRecordsLayout(): {
  layout: RecordsLayout;
  /** True when the window is phone-sized: the switch is not offered. */
  narrow: boolean;
  choose: (layout: RecordsLayout) => void;
} {
  const state = useSyncExternalStore(subscribe, snapshot, () => 'wide:');
  const [width, choice] = state.split(':');
  const narrow = width === 'narrow';
  const choose = useCallback((layout: RecordsLayout) => writeLayoutChoice(layout), []);
  return { layout: narrow || choice === 'cards' ? 'cards' : 'table', narrow, choose };
}
