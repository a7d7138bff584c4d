/**
 * A find's walk over the whole view, in the view's order (its sort and filters): the
 * pages the grid already holds first (their matches show at once), then the rest read in
 * the background by the app's view walker (count/view-walk.ts, as Count and Export: the
 * paging guard, rate limits and retries, cancellation), each page searched before the
 * next is asked for. It stops by itself when MAX_MATCHES are found, at a place it can go
 * on from.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { PagingError, PagingGuard, type PagingProblem } from '../../../../lib/api/paging-guard';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { ApiClient, RecordQuery, RecordRow } from '../../../../lib/api/types';
import type { RecordPage, RecordPageParam } from '../../api/record-queries';
import type { ViewWalker, WalkWait } from '../../count/view-walk';
import type { FindUpdate } from '../matcher/find-store';

/** A page the grid holds: where it is in the view, the cursor that fetched it, what follows. */
export interface LoadedPage {
  index: number;
  cursor: string | null;
  items: readonly RecordRow[];
  nextCursor: string | null;
  /** The grid found the service's paging broken here: nothing after it can be trusted. */
  problem?: PagingProblem;
}

/** The grid's pages of the view from its cache, with the cursor that fetched each. */
export function loadedPagesIn(
  queryClient: QueryClient,
  tableId: string,
  query: RecordQuery,
): LoadedPage[] {
  const data = queryClient.getQueryData<InfiniteData<RecordPage, RecordPageParam>>(
    queryKeys.recordList(tableId, query),
  );
  if (!data) return [];
  return data.pages.map((page, i) => ({
    index: page.index,
    cursor: data.pageParams[i]?.cursor ?? null,
    items: page.items,
    nextCursor: page.nextCursor,
    ...(page.problem ? { problem: page.problem } : {}),
  }));
}

/** Where a walk that stopped at the cap goes on: the next page, checked against all before it. */
export interface FindResumePoint {
  index: number;
  cursor: string;
  guard: PagingGuard;
}

export type FindWalkEnd =
  | { kind: 'complete' }
  /** MAX_MATCHES were found; null when the page it stopped in was the view's last. */
  | { kind: 'capped'; resumeFrom: FindResumePoint | null }
  | { kind: 'cancelled' }
  /** A failure that persisted, or the service's paging contradicted itself (PagingError). */
  | { kind: 'failed'; error: unknown };

/** How a find's walk ended, as the screen hears it (the resume point stays with the walk). */
export type FindEnd =
  | Exclude<FindWalkEnd, { kind: 'capped' }>
  /** `resumable`: a narrower query that leaves room can go on where it stopped. */
  | { kind: 'capped'; resumable: boolean };

export function findEndOf(end: FindWalkEnd): FindEnd {
  return end.kind === 'capped' ? { kind: 'capped', resumable: end.resumeFrom !== null } : end;
}

/** A page's linked records' names by id (null: could not be read). */
export type RowNames = ReadonlyMap<string, string | null>;
const NO_NAMES: RowNames = new Map();

export interface FindWalkOptions {
  walker: ViewWalker;
  client: ApiClient;
  tableId: string;
  query: RecordQuery;
  signal: AbortSignal;
  /** The grid's pages of this view, from its first: searched without being read again. */
  loaded: readonly LoadedPage[];
  /** Go on where an earlier walk stopped at the cap, instead of from the first page. */
  resumeFrom?: FindResumePoint | null;
  /**
   * Reads what a page's rows need before they are searched (their linked records' names):
   * asked as soon as the page arrives, so it runs while the page before is searched.
   */
  nameRows?: (rows: readonly RecordRow[]) => Promise<RowNames>;
  /** Searches one page with its names, after the pages before it; resolves with what changed. */
  search: (rows: readonly RecordRow[], names: RowNames) => Promise<FindUpdate> | FindUpdate;
  onUpdate: (update: FindUpdate) => void;
  onWait: (wait: WalkWait | null) => void;
}

/** The grid's pages that follow on from the view's first without a gap. */
function leadingPages(loaded: readonly LoadedPage[]): LoadedPage[] {
  const pages: LoadedPage[] = [];
  for (const page of loaded) {
    if (page.index !== pages.length) break;
    pages.push(page);
  }
  return pages;
}

/**
 * Pages read and waiting to be searched at most: the next page is asked for while they
 * are (the service's time and the searching overlap; a page's cursor comes with the page
 * before, so one request is in flight at a time whatever this is).
 */
const READ_AHEAD = 2;

/**
 * Pipelined: the next page is asked for as soon as a page arrives, while it is searched
 * (up to READ_AHEAD pages waiting); pages are still searched one at a time, in the view's
 * order, and a failure or the cap stops the walk after the pages before it.
 */
export async function walkForFind(options: FindWalkOptions): Promise<FindWalkEnd> {
  const { signal } = options;
  const stop = new AbortController();
  const abortWalk = () => stop.abort(signal.reason);
  signal.addEventListener('abort', abortWalk, { once: true });
  let capped: FindWalkEnd | null = null;
  const nameRows = (rows: readonly RecordRow[]) =>
    options.nameRows ? options.nameRows(rows) : Promise.resolve(NO_NAMES);

  /** Searches a page; true when the cap was reached (the walk goes no further). */
  const searchPage = async (
    rows: readonly RecordRow[],
    names: RowNames,
    at: { index: number; nextCursor: string | null },
    guard: PagingGuard,
  ): Promise<boolean> => {
    const update = await options.search(rows, names);
    if (signal.aborted) return true;
    options.onUpdate(update);
    if (!update.status.capped) return false;
    capped = {
      kind: 'capped',
      resumeFrom:
        at.nextCursor === null ? null : { index: at.index + 1, cursor: at.nextCursor, guard },
    };
    return true;
  };

  /** The pages read and not yet searched, in order: each waits for the one before. */
  let searched: Promise<void> = Promise.resolve();
  const readAhead: Promise<void>[] = [];
  try {
    let from = options.resumeFrom ?? null;
    if (from === null) {
      const guard = new PagingGuard();
      for (const page of leadingPages(options.loaded)) {
        const problem =
          guard.admit(
            page.index,
            page.cursor,
            page.items.map((row) => row.id),
            page.nextCursor,
          ) ??
          page.problem ??
          null;
        if (problem?.kind === 'duplicate_id') throw new PagingError(problem);
        if (await searchPage(page.items, await nameRows(page.items), page, guard)) {
          return capped ?? { kind: 'cancelled' };
        }
        if (problem) throw new PagingError(problem);
        if (page.nextCursor === null) return { kind: 'complete' };
        from = { index: page.index + 1, cursor: page.nextCursor, guard };
      }
    }
    const start = from ?? { index: 0, cursor: null, guard: new PagingGuard() };
    const { guard } = start;
    try {
      await options.walker({
        client: options.client,
        tableId: options.tableId,
        query: options.query,
        signal: stop.signal,
        from: start,
        onWait: options.onWait,
        onPage: (rows, at) => {
          const names = nameRows(rows);
          // Awaited in its turn below; a walk that ends first must not leave it unhandled.
          names.catch(() => {});
          searched = searched.then(async () => {
            if (stop.signal.aborted) return;
            const where = at ?? { index: 0, nextCursor: null };
            if (await searchPage(rows, await names, where, guard)) stop.abort();
          });
          // The walker asks for the next page at once, unless READ_AHEAD pages wait.
          // Its failure is the walk's, met in order below: none is left unhandled meanwhile.
          searched.catch(() => {});
          readAhead.push(searched);
          return readAhead.length > READ_AHEAD ? readAhead.shift() : undefined;
        },
      });
    } finally {
      // The pages read before the walk ended (or failed) are searched, in order, first.
      await searched.catch((error: unknown) => {
        if (!stop.signal.aborted) throw error;
      });
    }
    await searched;
    return capped ?? (signal.aborted ? { kind: 'cancelled' } : { kind: 'complete' });
  } catch (error) {
    if (capped) return capped;
    if (signal.aborted) return { kind: 'cancelled' };
    return { kind: 'failed', error };
  } finally {
    signal.removeEventListener('abort', abortWalk);
    options.onWait(null);
  }
}
