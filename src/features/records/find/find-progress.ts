/**
 * Where a find's walk stands ("searched 12,400", a wait for the service), kept apart from
 * its matches: only the status line reads it. A page searched with no new match changes
 * nothing else on the screen, so it draws only that line, and at most every
 * PROGRESS_EVERY_MS, at a frame (a walk searches a page every few milliseconds).
 */
import type { WalkWait } from '../count/view-walk';
import { useStoreInTransitions } from './find-matches';

export interface FindProgress {
  /** Records searched so far, from the view's first. */
  searched: number;
  /** The walk waits on the service (a rate limit, a retry), or null. */
  wait: WalkWait | null;
}

export interface FindProgressStore {
  /** What the screen shows: the progress as of the last frame it was told of. */
  get: () => FindProgress;
  /**
   * Notes a change; the status line hears of it at the next frame PROGRESS_EVERY_MS after
   * it last heard (`now`: at once).
   */
  set: (change: Partial<FindProgress>, now?: boolean) => void;
  subscribe: (listener: () => void) => () => void;
  /** Stops a frame still waiting to be told of (the find is gone). */
  dispose: () => void;
}

export const NO_PROGRESS: FindProgress = { searched: 0, wait: null };

/**
 * How often the status line is told of the walk's progress at most. Told once a frame, the
 * line was drawn ~60 times a second for as long as a walk lasts, and that drawing, on a
 * phone's main thread (the bench slows it 2.2 times), took the CPU the walk needs on a
 * 2-core machine: over 1,000,000 Orders 81 s told once a frame, 41 s told every 250 ms
 * (built dashboard, main thread slowed 2.22 times, load average 8–10).
 */
export const PROGRESS_EVERY_MS = 250;

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

/** Calls back at the first frame `delayMs` from now (at the next frame when 0). */
function frameAfter(delayMs: number, callback: () => void): () => void {
  if (delayMs <= 0) return nextFrame(callback);
  let cancelFrame: (() => void) | null = null;
  const timer = setTimeout(() => {
    cancelFrame = nextFrame(callback);
  }, delayMs);
  return () => {
    clearTimeout(timer);
    cancelFrame?.();
  };
}

export function createFindProgressStore(): FindProgressStore {
  let shown = NO_PROGRESS;
  let pending = NO_PROGRESS;
  let cancelFrame: (() => void) | null = null;
  /** When the listeners were last told (Date.now), to tell them at most every PROGRESS_EVERY_MS. */
  let toldAt = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();

  const tell = () => {
    cancelFrame?.();
    cancelFrame = null;
    if (pending === shown) return;
    shown = pending;
    toldAt = Date.now();
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
      else cancelFrame ??= frameAfter(toldAt + PROGRESS_EVERY_MS - Date.now(), tell);
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
  return useStoreInTransitions(store.subscribe, store.get);
}
