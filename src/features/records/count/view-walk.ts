import { isApiError } from '../../../lib/api/errors';
import type { PagingGuard } from '../../../lib/api/paging-guard';
import type { ApiClient, RecordQuery, RecordRow } from '../../../lib/api/types';
import { walkPages } from '../../../lib/api/walk-pages';

/** The records endpoint's largest page (CONTRACT: records 100/500): fewest requests per walk. */
export const WALK_PAGE_SIZE = 500;

/** A pause the walk is taking, to tell the user why nothing moves. */
export interface WalkWait {
  /** Whole seconds left, at least 1. */
  seconds: number;
  /** 'rate_limit': the service's allowance is spent; 'retry': a failed page is tried again. */
  reason: 'rate_limit' | 'retry';
}

/** A walked page's place: its position in the view and the cursor of the page after it. */
export interface WalkedPageAt {
  index: number;
  nextCursor: string | null;
}

export interface ViewWalkRequest {
  client: ApiClient;
  tableId: string;
  query: RecordQuery;
  signal: AbortSignal;
  /**
   * Each page's records, in order, each record once; the walk waits for the promise.
   * `at` says where the page is in the view (a walk stopped after it can go on from there;
   * the app's walker always says it).
   */
  onPage: (rows: readonly RecordRow[], at?: WalkedPageAt) => Promise<void> | void;
  onWait: (wait: WalkWait | null) => void;
  /**
   * Go on from a page reached before (the grid's loaded pages, or where a find stopped),
   * checked against the pages before it: the guard has seen them.
   */
  from?: { index: number; cursor: string | null; guard: PagingGuard };
}

/**
 * Walks every page of a view at the largest page size. Rejects with the walker's typed
 * error when the service repeats a cursor or a record, or a page fails for good; with the
 * signal's reason when aborted.
 */
export type ViewWalker = (request: ViewWalkRequest) => Promise<void>;

/** How long a retry will wait, as the user is told it. */
export function walkWaitOf(retrying: { error: unknown; delayMs: number }): WalkWait {
  const status = isApiError(retrying.error) ? retrying.error.status : null;
  return {
    seconds: Math.max(1, Math.ceil(retrying.delayMs / 1000)),
    reason: status === 429 ? 'rate_limit' : 'retry',
  };
}

function refusesPageSize(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    (error.param === 'limit' || error.reason === 'invalid_limit')
  );
}

/**
 * The app's walker (src/lib/api/walk-pages.ts) over a records view. A service that refuses
 * our page size on the first page (CONTRACT §10: undocumented limits) is walked again at
 * its own default size.
 */
export const walkViewPages: ViewWalker = async ({
  client,
  tableId,
  query,
  signal,
  onPage,
  onWait,
  from,
}) => {
  const walk = (pageSize: number | undefined) =>
    walkPages<RecordRow>({
      fetchPage: (request) =>
        client.listRecords(tableId, query, {
          ...request,
          onPacingWait: (delayMs) =>
            onWait({ seconds: Math.max(1, Math.ceil(delayMs / 1000)), reason: 'rate_limit' }),
        }),
      idOf: (record) => record.id,
      pageSize,
      ...(from ? { start: { index: from.index, cursor: from.cursor }, guard: from.guard } : {}),
      signal,
      onPage: (page) => {
        delivered = true;
        return onPage(page.items, { index: page.index, nextCursor: page.nextCursor });
      },
      onProgress: (progress) => onWait(progress.retrying ? walkWaitOf(progress.retrying) : null),
    });
  let delivered = false;
  try {
    await walk(WALK_PAGE_SIZE);
  } catch (error) {
    if (delivered || !refusesPageSize(error)) throw error;
    await walk(undefined);
  }
};
