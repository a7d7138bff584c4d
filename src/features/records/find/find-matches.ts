/**
 * A find's matches as the screen shows them, kept apart from the find's state: the list of
 * records, its status line and Export's label read them (useFindMatches), the records
 * screen around them does not. A batch of matches from the walk draws those parts only,
 * not the toolbar, the header's filters and every other part of the screen (decision 057:
 * the screen drawn for each batch made the long tasks of a whole-view find).
 */
import { useSyncExternalStore } from 'react';
import type { RecordRow } from '../../../lib/api/types';

export interface FoundMatches {
  /** What the matches are for, as typed. */
  text: string;
  /** The matches, in the view's order. */
  rows: readonly RecordRow[];
}

export interface FindMatchesStore {
  get: () => FoundMatches;
  /** Tells the parts that show the matches, if they changed. */
  set: (next: FoundMatches) => void;
  subscribe: (listener: () => void) => () => void;
}

export const NO_MATCHES: FoundMatches = { text: '', rows: [] };

export function createFindMatchesStore(): FindMatchesStore {
  let shown = NO_MATCHES;
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    set(next) {
      if (next.text === shown.text && next.rows === shown.rows) return;
      shown = next.rows.length === 0 && next.text === '' ? NO_MATCHES : next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The matches, drawn again only when they change (see createFindMatchesStore). */
export function useFindMatches(store: FindMatchesStore): FoundMatches {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
