/**
 * Where a find's walk stands ("searched 12,400", a wait for the service), kept apart from
 * its matches: only the status line reads it. A page searched with no new match changes
 * nothing else on the screen, so it draws only that line, and at most once a frame
 * (a walk searches a page every few tens of milliseconds).
 */
import { useSyncExternalStore } from 'react';
import type { WalkWait } from '../count/view-walk';

export interface FindProgress {
  /** Records searched so far, from the view's first. */
  searched: number;
  /** The walk waits on the service (a rate limit, a retry), or null. */
  wait: WalkWait | null;
}

export interface FindProgressStore {
  /** What the screen shows: the progress as of the last frame it was told of. */
  get: () => FindProgress;
  /** Notes a change; the status line hears of it with the next frame (`now`: at once). */
  set: (change: Partial<FindProgress>, now?: boolean) => void;
  subscribe: (listener: () => void) => () => void;
  /** Stops a frame still waiting to be told of (the find is gone). */
  dispose: () => void;
}

export const NO_PROGRESS: FindProgress = { searched: 0, wait: null };

const nextFrame: (callback: () => void) => () => void =
  typeof requestAnimationFrame === 'function'
    ? (callback) => {
        const frame = requestAnimationFrame(callback);
        return () => cancelAnimationFrame(frame);
      }
    : (callback) => {
        const timer = setTimeout(callback, 16);
        return () => clearTimeout(timer);
      };

export function createFindProgressStore(): FindProgressStore {
  let shown = NO_PROGRESS;
  let pending = NO_PROGRESS;
  let cancelFrame: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const tell = () => {
    cancelFrame?.();
    cancelFrame = null;
    if (pending === shown) return;
    shown = pending;
    for (const listener of listeners) listener();
  };

  return {
    get: () => shown,
    set(change, now = false) {
      const next = { ...pending, ...change };
      if (next.searched === pending.searched && next.wait === pending.wait) {
        if (now) tell();
        return;
      }
      pending = next;
      if (now) tell();
      else cancelFrame ??= nextFrame(tell);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      cancelFrame?.();
      cancelFrame = null;
    },
  };
}

/** The find's progress, drawn again only when it changes (see createFindProgressStore). */
export function useFindProgress(store: FindProgressStore): FindProgress {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
