/**
 * The page's side of the find worker: one worker per table screen, sessions numbered so a
 * late reply about an earlier search is never shown. The worker reads the view itself when
 * it is given the connection; without one (tests) the page reads it and the worker
 * searches what it is sent. Where there is no Worker (jsdom) or it could not start (a
 * Content-Security-Policy without `'self'` scripts), the same store and walk run here on
 * the main thread.
 */
import type { ApiClient, Column, Connection, RecordRow } from '../../../../lib/api/types';
import type { ViewWalker } from '../../count/view-walk';
import type { NameSource } from '../../export/reference-names';
import {
  type FindEnd,
  type FindResumePoint,
  findEndOf,
  type LoadedPage,
  type RowNames,
} from '../walk/find-walk';
import { searchView, type ViewSearchDeps, type ViewSearchRequest } from '../walk/view-search';
import { endFromWire } from '../walk/walk-wire';
import type { FindReply, FindRequest, LinkedName } from './find-protocol';
import { FindStore, type FindUpdate } from './find-store';
import { HandedPages } from './held-pages';
import type { FindPlan } from './record-text';

/** A walk of the view, with what the page reads it by when it runs here. */
export interface FindWalkRequest extends ViewSearchRequest {
  /** The page's client, walker and names: used when the view is read on this thread. */
  here: { client: ApiClient; walker: ViewWalker; nameSource: NameSource | null };
  /** The connection the page's client uses: the worker reads the view with its own client. */
  connection: Connection | null;
  /** The view's key (its query's): its loaded pages may be held by the worker already. */
  view?: string;
}

export interface FindEngine {
  /** A new search of a view: what was found before is forgotten. */
  start(plan: FindPlan, people: ReadonlyMap<string, string>, query: string): void;
  /** Searches a page (after the pages before it); resolves with what changed. */
  addPage(rows: readonly RecordRow[], names: RowNames): Promise<FindUpdate>;
  /** What was typed now; resolves with what changed. */
  setQuery(query: string): Promise<FindUpdate>;
  /** Reads and searches the view (or goes on where the cap stopped it); resolves when it ends. */
  walk(request: FindWalkRequest): Promise<FindEnd>;
  /**
   * The grid's pages of `view` before a find asks (a find is likely): the worker holds a
   * copy, each page sent once, so a walk of that view is not sent them. None without one.
   */
  hold(view: string, loaded: readonly LoadedPage[], names?: HoldNames): void;
  dispose(): void;
}

/** A find is likely: the held pages' linked names are read too, on this connection. */
export interface HoldNames {
  connection: Connection;
  columns: readonly Column[];
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

/**
 * The view read on this thread, searched by `search`: the place the cap stopped at is
 * kept for the next walk of the same session (`reset` forgets it).
 */
function walkerHere(search: ViewSearchDeps['search']) {
  let resumeFrom: FindResumePoint | null = null;
  return {
    reset() {
      resumeFrom = null;
    },
    async walk(request: FindWalkRequest): Promise<FindEnd> {
      const from = request.resume ? resumeFrom : null;
      resumeFrom = null;
      const end = await searchView({ ...request.here, search }, request, from);
      if (end.kind === 'capped' && !request.signal.aborted) resumeFrom = end.resumeFrom;
      return findEndOf(end);
    },
  };
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
  const addPage = (rows: readonly RecordRow[], names: RowNames) =>
    ask((current) => current.addPage(rows, names));
  const here = walkerHere(addPage);
  return {
    start(plan, people, query) {
      here.reset();
      store = new FindStore(plan, people);
      store.setQuery(query);
    },
    addPage,
    setQuery: (query) => ask((current) => current.setQuery(query)),
    walk: (request) => here.walk(request),
    hold() {},
    dispose() {
      store = null;
    },
  };
}

interface WalkInWorker {
  session: number;
  request: FindWalkRequest;
  resolve: (end: FindEnd) => void;
}

/**
 * `onNames`: the linked records' names the worker read for the matches it posts (for the
 * grid's labels, decision 061's last addendum).
 */
export function createFindEngine(onNames?: (linked: readonly LinkedName[]) => void): FindEngine {
  const worker = startWorker();
  if (worker === null) return createLocalFindEngine();
  let fallback: FindEngine | null = null;
  let session = 0;
  let seq = 0;
  const pending = new Map<
    number,
    { resolve: (update: FindUpdate) => void; reject: (error: unknown) => void }
  >();
  let walking: WalkInWorker | null = null;
  const endPending = () => {
    for (const waiting of pending.values()) waiting.reject(new FindSessionEnded());
    pending.clear();
  };
  /** The walk the worker ran ends without it: a new session, or the worker gone. */
  const endWalk = (end: FindEnd) => {
    const current = walking;
    walking = null;
    current?.resolve(end);
  };
  worker.onmessage = (event: MessageEvent<FindReply>) => {
    const message = event.data;
    if (message.session !== session) return;
    if ('linked' in message && message.linked) onNames?.(message.linked);
    if (message.type === 'answer') {
      const waiting = pending.get(message.seq);
      if (!waiting) return;
      pending.delete(message.seq);
      waiting.resolve(message.update);
      return;
    }
    const current = walking;
    if (current === null || current.session !== message.session) return;
    if (message.type === 'walk-update') current.request.onUpdate(message.update);
    else if (message.type === 'walk-wait') current.request.onWait(message.wait);
    else endWalk(endFromWire(message.end));
  };
  // The worker's script failed to load or run: this session ends, the next runs here.
  worker.onerror = () => {
    worker.terminate();
    fallback = createLocalFindEngine();
    endPending();
    endWalk({ kind: 'failed', error: new FindSessionEnded() });
  };
  const send = (request: FindRequest) => worker.postMessage(request);
  const handed = new HandedPages();
  /** Hands over what the worker doesn't hold of `loaded`; how a walk names them. */
  const hold = (view: string, loaded: readonly LoadedPage[], names?: HoldNames) => {
    const { changed, keep, pages, named } = handed.handOver(view, loaded);
    if (changed || names) send({ type: 'hold', view, keep, pages, ...(names ? { names } : {}) });
    return named;
  };
  const ask = (make: (seq: number) => FindRequest) =>
    new Promise<FindUpdate>((resolve, reject) => {
      seq += 1;
      pending.set(seq, { resolve, reject });
      send(make(seq));
    });
  const addPage = (rows: readonly RecordRow[], names: RowNames) => {
    if (fallback) return fallback.addPage(rows, names);
    return ask((number) => ({ type: 'page', session, seq: number, rows, names: [...names] }));
  };
  // Without the connection the page reads the view and the worker searches what it is sent.
  const here = walkerHere(addPage);
  return {
    start(plan, people, query) {
      endPending();
      endWalk({ kind: 'cancelled' });
      here.reset();
      if (fallback) return fallback.start(plan, people, query);
      session += 1;
      send({ type: 'start', session, plan, people: [...people], query });
    },
    addPage,
    setQuery(query) {
      if (fallback) return fallback.setQuery(query);
      return ask((number) => ({ type: 'query', session, seq: number, query }));
    },
    walk(request) {
      if (fallback) return fallback.walk(request);
      if (request.connection === null) return here.walk(request);
      endWalk({ kind: 'cancelled' });
      const { signal, connection } = request;
      if (signal.aborted) return Promise.resolve({ kind: 'cancelled' });
      return new Promise<FindEnd>((resolve) => {
        const current: WalkInWorker = { session, request, resolve };
        walking = current;
        signal.addEventListener(
          'abort',
          () => {
            if (walking === current) send({ type: 'stop', session: current.session });
          },
          { once: true },
        );
        send({
          type: 'walk',
          session,
          connection,
          tableId: request.tableId,
          query: request.query,
          // Plain data: a column is what the service described.
          columns: request.columns,
          ...(request.view === undefined
            ? { loaded: request.loaded }
            : {
                loaded: [],
                held: { view: request.view, pages: hold(request.view, request.loaded) },
              }),
          resume: request.resume,
        });
      });
    },
    hold(view, loaded, names) {
      if (!fallback) hold(view, loaded, names);
    },
    dispose() {
      endPending();
      endWalk({ kind: 'cancelled' });
      worker.terminate();
      fallback?.dispose();
    },
  };
}
