/**
 * Walks a list's pages on `next_cursor` to its end, trusting nothing it cannot check:
 * transient failures are retried (./retry-policy.ts), and a repeated cursor, a record id
 * already seen or a run of empty pages that still point further (the rules of the lists'
 * guard, ./guarded-list.ts) stops the walk with a PagingError instead of looping or
 * duplicating. Used by "Jump to end" in the grid, by Export and Count, by the
 * reference filter's scan, and by Go to's lists (src/app/command-palette/goto-lists.ts).
 */
import { ApiError, isApiError } from './errors';
import { MAX_EMPTY_PAGES_IN_A_ROW, PagingError, PagingGuard } from './paging-guard';
import { sleep } from './rate-limit';
import { isTransientFailure, MAX_AUTOMATIC_RETRIES, retryDelayMs } from './retry-policy';
import type { Page } from './types';

export interface PageFetchRequest {
  cursor: string | null;
  limit: number | undefined;
  signal: AbortSignal;
}

export interface WalkedPage<T> {
  /** Position in the whole list (0 = first page). */
  index: number;
  /** The cursor that fetched it (null for the first page). */
  cursor: string | null;
  items: T[];
  nextCursor: string | null;
}

export interface WalkProgress {
  pages: number;
  items: number;
  /** Set while a failed request waits to be tried again: the failure and the wait. */
  retrying: { error: unknown; attempt: number; delayMs: number } | null;
}

export interface WalkPagesOptions<T> {
  /** One request for one page; the walker supplies cursor, limit and signal. */
  fetchPage: (request: PageFetchRequest) => Promise<Page<T>>;
  idOf: (item: T) => string;
  /** Page size to ask for; undefined asks for the service's default. */
  pageSize?: number;
  /** Where to start: the first page, or a page already reached elsewhere (the grid's frontier). */
  start?: { index: number; cursor: string | null };
  /** Seeded with the pages seen before `start`, so the walk checks against them too. */
  guard?: PagingGuard;
  signal?: AbortSignal;
  /** Called with each checked page, in order, before the next is asked for. */
  onPage?: (page: WalkedPage<T>) => void | Promise<void>;
  onProgress?: (progress: WalkProgress) => void;
  /** Retries per page after the first attempt (default: the app's policy, 3). */
  maxRetries?: number;
  /** For tests: the clock, the dice and the wait. */
  random?: () => number;
  now?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface WalkSummary {
  pages: number;
  items: number;
}

function abortedError(): ApiError {
  return new ApiError({
    kind: 'aborted',
    status: null,
    code: null,
    reason: null,
    message: 'The request was cancelled.',
  });
}

export interface FetchWithRetriesOptions<T> {
  fetchPage: () => Promise<Page<T>>;
  signal: AbortSignal;
  maxRetries?: number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  clock?: { now?: () => number; random?: () => number };
  /** Called before each wait: the failure, the attempt about to be made and the wait. */
  onRetry?: (retrying: NonNullable<WalkProgress['retrying']>) => void;
}

/**
 * One page, its transient failures retried with the app's backoff (./retry-policy.ts).
 * Rejects with the failure that persisted, or an 'aborted' ApiError. Shared by the walk
 * and by the grid's reversed reads from the end of a view.
 */
export async function fetchPageWithRetries<T>(
  options: FetchWithRetriesOptions<T>,
): Promise<Page<T>> {
  const { signal } = options;
  const maxRetries = options.maxRetries ?? MAX_AUTOMATIC_RETRIES;
  const wait = options.wait ?? sleep;
  const clock = options.clock ?? {};
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) throw abortedError();
    try {
      return await options.fetchPage();
    } catch (error) {
      if (signal.aborted || (isApiError(error) && error.kind === 'aborted')) throw abortedError();
      if (attempt >= maxRetries || !isTransientFailure(error)) throw error;
      const delayMs = retryDelayMs(attempt, error, clock);
      options.onRetry?.({ error, attempt: attempt + 1, delayMs });
      if (signal.aborted) throw abortedError();
      try {
        await wait(delayMs, signal);
      } catch {
        throw abortedError();
      }
    }
  }
}

/**
 * Resolves when a page without `next_cursor` has been delivered. Rejects with a
 * PagingError (loop, duplicate or no progress: the pages before it were delivered and
 * are sound), the
 * ApiError of a failure that persisted through its retries, or an 'aborted' ApiError.
 */
export async function walkPages<T>(options: WalkPagesOptions<T>): Promise<WalkSummary> {
  const signal = options.signal ?? new AbortController().signal;
  const guard = options.guard ?? new PagingGuard();
  const maxRetries = options.maxRetries ?? MAX_AUTOMATIC_RETRIES;
  const wait = options.wait ?? sleep;
  const clock = { now: options.now ?? Date.now, random: options.random ?? Math.random };
  let index = options.start?.index ?? 0;
  let cursor = options.start?.cursor ?? null;
  const summary: WalkSummary = { pages: 0, items: 0 };
  let emptyInARow = 0;
  const report = (retrying: WalkProgress['retrying']) =>
    options.onProgress?.({ pages: summary.pages, items: summary.items, retrying });

  for (;;) {
    const page = await fetchPageWithRetries({
      fetchPage: () => options.fetchPage({ cursor, limit: options.pageSize, signal }),
      signal,
      maxRetries,
      wait,
      clock,
      onRetry: (retrying) => report(retrying),
    });
    const problem = guard.admit(index, cursor, page.items.map(options.idOf), page.nextCursor);
    if (problem?.kind === 'duplicate_id') throw new PagingError(problem);
    emptyInARow = page.items.length === 0 && page.nextCursor !== null ? emptyInARow + 1 : 0;
    if (emptyInARow > MAX_EMPTY_PAGES_IN_A_ROW) {
      // Like a repeated record, the page that proves it is not delivered (it holds nothing).
      throw new PagingError({ kind: 'no_progress', pageIndex: index, recordId: null });
    }
    await options.onPage?.({ index, cursor, items: page.items, nextCursor: page.nextCursor });
    summary.pages += 1;
    summary.items += page.items.length;
    report(null);
    if (problem) throw new PagingError(problem);
    if (page.nextCursor === null) return summary;
    cursor = page.nextCursor;
    index += 1;
  }
}
