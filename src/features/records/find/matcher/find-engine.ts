/**
 * The page's side of the find worker: one worker per table screen, sessions numbered so a
 * late reply about an earlier search is never shown. Where there is no Worker (jsdom) or
 * it could not start (a Content-Security-Policy without `'self'` scripts), the same store
 * runs here on the main thread.
 */
import type { RecordRow } from '../../../../lib/api/types';
import type { FindReply, FindRequest } from './find-protocol';
import { FindStore, type FindUpdate } from './find-store';
import type { FindPlan } from './record-text';

export interface FindEngine {
  /** A new search of a view: what was found before is forgotten. */
  start(plan: FindPlan, people: ReadonlyMap<string, string>, query: string): void;
  /** Searches a page (after the pages before it); resolves with what changed. */
  addPage(
    rows: readonly RecordRow[],
    names: ReadonlyMap<string, string | null>,
  ): Promise<FindUpdate>;
  /** What was typed now; resolves with what changed. */
  setQuery(query: string): Promise<FindUpdate>;
  dispose(): void;
}

/** Rejects what a superseded or ended session was still waiting for. */
export class FindSessionEnded extends Error {
  override readonly name = 'FindSessionEnded';
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./find.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** The store on this thread: for tests, and where no worker runs. */
export function createLocalFindEngine(): FindEngine {
  let store: FindStore | null = null;
  // Answered in a task of its own, as the worker's replies are (one message each): callers
  // can't come to rely on an answer in the same turn, nor on answers interleaving otherwise.
  const ask = (run: (store: FindStore) => FindUpdate) =>
    new Promise<FindUpdate>((resolve, reject) => {
      const asked = store;
      setTimeout(() => {
        // A request of a session that ended (or was followed by another) is not answered.
        if (asked === null || asked !== store) reject(new FindSessionEnded());
        else resolve(run(asked));
      }, 0);
    });
  return {
    start(plan, people, query) {
      store = new FindStore(plan, people);
      store.setQuery(query);
    },
    addPage: (rows, names) => ask((current) => current.addPage(rows, names)),
    setQuery: (query) => ask((current) => current.setQuery(query)),
    dispose() {
      store = null;
    },
  };
}

export function createFindEngine(): FindEngine {
  const worker = startWorker();
  if (worker === null) return createLocalFindEngine();
  let fallback: FindEngine | null = null;
  let session = 0;
  let seq = 0;
  const pending = new Map<
    number,
    { resolve: (update: FindUpdate) => void; reject: (error: unknown) => void }
  >();
  const endPending = () => {
    for (const waiting of pending.values()) waiting.reject(new FindSessionEnded());
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<FindReply>) => {
    const { session: from, seq: number, update } = event.data;
    const waiting = pending.get(number);
    if (!waiting || from !== session) return;
    pending.delete(number);
    waiting.resolve(update);
  };
  // The worker's script failed to load or run: this session ends, the next runs here.
  worker.onerror = () => {
    worker.terminate();
    fallback = createLocalFindEngine();
    endPending();
  };
  const send = (request: FindRequest) => worker.postMessage(request);
  const ask = (make: (seq: number) => FindRequest) =>
    new Promise<FindUpdate>((resolve, reject) => {
      seq += 1;
      pending.set(seq, { resolve, reject });
      send(make(seq));
    });
  return {
    start(plan, people, query) {
      endPending();
      if (fallback) return fallback.start(plan, people, query);
      session += 1;
      send({ type: 'start', session, plan, people: [...people], query });
    },
    addPage(rows, names) {
      if (fallback) return fallback.addPage(rows, names);
      return ask((number) => ({ type: 'page', session, seq: number, rows, names: [...names] }));
    },
    setQuery(query) {
      if (fallback) return fallback.setQuery(query);
      return ask((number) => ({ type: 'query', session, seq: number, query }));
    },
    dispose() {
      endPending();
      worker.terminate();
      fallback?.dispose();
    },
  };
}
