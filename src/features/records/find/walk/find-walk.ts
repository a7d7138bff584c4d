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
  /** Searches one page (its linked names read first); resolves with what changed. */
  search: (rows: readonly RecordRow[]) => Promise<FindUpdate>;
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

export async function walkForFind(options: FindWalkOptions): Promise<FindWalkEnd> {
  const { signal } = options;
  const stop = new AbortController();
  const abortWalk = () => stop.abort(signal.reason);
  signal.addEventListener('abort', abortWalk, { once: true });
  let capped: FindWalkEnd | null = null;

  /** Searches a page; true when the cap was reached (the walk goes no further). */
  const searchPage = async (
    rows: readonly RecordRow[],
    at: { index: number; nextCursor: string | null },
    guard: PagingGuard,
  ): Promise<boolean> => {
    const update = await options.search(rows);
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
        if (await searchPage(page.items, page, guard)) return capped ?? { kind: 'cancelled' };
        if (problem) throw new PagingError(problem);
        if (page.nextCursor === null) return { kind: 'complete' };
        from = { index: page.index + 1, cursor: page.nextCursor, guard };
      }
    }
    const start = from ?? { index: 0, cursor: null, guard: new PagingGuard() };
    const { guard } = start;
    await options.walker({
      client: options.client,
      tableId: options.tableId,
      query: options.query,
      signal: stop.signal,
      from: start,
      onWait: options.onWait,
      onPage: async (rows, at) => {
        if (await searchPage(rows, at ?? { index: 0, nextCursor: null }, guard)) stop.abort();
      },
    });
    return capped ?? { kind: 'complete' };
  } catch (error) {
    if (capped) return capped;
    if (signal.aborted) return { kind: 'cancelled' };
    return { kind: 'failed', error };
  } finally {
    signal.removeEventListener('abort', abortWalk);
    options.onWait(null);
  }
}
