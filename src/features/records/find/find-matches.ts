/**
 * A find's matches as the screen shows them, kept apart from the find's state: the list of
 * records, its status line and Export's label read them (useFindMatches), the records
 * screen around them does not. A batch of matches from the walk draws those parts only,
 * not the toolbar, the header's filters and every other part of the screen (decision 057:
 * the screen drawn for each batch made the long tasks of a whole-view find).
 */
import { startTransition, useEffect, useState } from 'react';
import type { RecordRow } from '../../../lib/api/types';

export interface FoundMatches {
  /** What the matches are for, as typed. */
  text: string;
  /** The matches, in the view's order. */
  rows: readonly RecordRow[];
}

export interface FindMatchesStore {
  get: () => FoundMatches;
  /**
   * Tells the parts that show the matches, if they changed; `urgent` (a keystroke's answer):
   * drawn at once, before the transitions of the walk's batches and of the screen.
   */
  set: (next: FoundMatches, urgent?: boolean) => void;
  /** Whether the last change was urgent. */
  urgent: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

export const NO_MATCHES: FoundMatches = { text: '', rows: [] };

export function createFindMatchesStore(): FindMatchesStore {
  let shown = NO_MATCHES;
  let urgent = false;
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    urgent: () => urgent,
    set(next, now = false) {
      if (next.text === shown.text && next.rows === shown.rows) return;
      shown = next.rows.length === 0 && next.text === '' ? NO_MATCHES : next;
      urgent = now;
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
  return useStoreInTransitions(store.subscribe, store.get, store.urgent);
}

/** One function, so that a store without urgent changes keeps its subscription. */
const NEVER_URGENT = () => false;

/**
 * A store's value, drawn again in a transition when it changes (at once when `urgent` says
 * so: a keystroke's answer, the rows in view drawn before the walk's batches; traced on the
 * mid-tier class, decision 061's last addendum): React draws it in slices
 * (the first matches' rows are tens of milliseconds to draw on a phone) and draws the
 * find's stores' changes together. Not useSyncExternalStore: its changes are drawn at once,
 * in one task, and each one threw away a transition under way and began it again (the
 * progress changes every frame of a walk). The parts may show a change a frame apart.
 */
export function useStoreInTransitions<Value>(
  subscribe: (listener: () => void) => () => void,
  get: () => Value,
  urgent: () => boolean = NEVER_URGENT,
): Value {
  const [shown, setShown] = useState<{ value: Value; get: () => Value }>(() => ({
    value: get(),
    get,
  }));
  useEffect(() => {
    const follow = () => {
      const value = get();
      const show = () =>
        setShown((before) =>
          before.value === value && before.get === get ? before : { value, get },
        );
      if (urgent()) show();
      else startTransition(show);
    };
    // A change between the first drawing and this subscription is not missed.
    follow();
    return subscribe(follow);
  }, [subscribe, get, urgent]);
  // Another store (a new find): its value from the first drawing, not the last store's.
  return shown.get === get ? shown.value : get();
}
