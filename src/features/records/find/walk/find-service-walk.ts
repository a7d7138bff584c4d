/**
 * A find the service answers itself: the view (its sort, filters, a saved view's id) asked
 * with the text-search parameter the service's OpenAPI document advertises
 * (./service-text-search.ts), walked by the app's view walker as Count and Export walk (the
 * paging guard, rate limits, retries, cancellation). Each record answered is a match; the
 * view is not read and nothing is matched here.
 */
import type { ApiClient, RecordQuery, RecordRow } from '../../../../lib/api/types';
import type { ViewWalker, WalkWait } from '../../count/view-walk';
import { MAX_MATCHES } from '../matcher/find-limits';
import type { FindUpdate } from '../matcher/find-store';
import type { FindWalkEnd } from './find-walk';

export interface ServiceSearchOptions {
  walker: ViewWalker;
  client: ApiClient;
  tableId: string;
  /** The view as the grid asks for it. */
  query: RecordQuery;
  /** The records list's text-search parameter. */
  parameter: string;
  /** What was typed, sent as it is. */
  text: string;
  signal: AbortSignal;
  onUpdate: (update: FindUpdate) => void;
  onWait: (wait: WalkWait | null) => void;
}

/** The view with the service's own text search: the request a find sends instead of walking. */
export function serviceSearchQuery(query: RecordQuery, parameter: string, text: string) {
  return { ...query, textSearch: { parameter, text } };
}

export async function walkServiceSearch(options: ServiceSearchOptions): Promise<FindWalkEnd> {
  const { signal, text } = options;
  const stop = new AbortController();
  const abortWalk = () => stop.abort(signal.reason);
  signal.addEventListener('abort', abortWalk, { once: true });
  let found = 0;
  let capped = false;
  try {
    await options.walker({
      client: options.client,
      tableId: options.tableId,
      query: serviceSearchQuery(options.query, options.parameter, text),
      signal: stop.signal,
      onWait: options.onWait,
      onPage: (rows: readonly RecordRow[]) => {
        if (signal.aborted) return;
        const taken = rows.slice(0, MAX_MATCHES - found);
        found += taken.length;
        capped = found >= MAX_MATCHES;
        options.onUpdate({
          kind: 'append',
          rows: taken,
          status: { query: text, matches: found, searched: found, capped },
        });
        if (capped) stop.abort();
      },
    });
    return { kind: 'complete' };
  } catch (error) {
    // The cap stops the walk where it is: a narrower text is asked of the service afresh.
    if (capped) return { kind: 'capped', resumeFrom: null };
    if (signal.aborted) return { kind: 'cancelled' };
    return { kind: 'failed', error };
  } finally {
    signal.removeEventListener('abort', abortWalk);
    options.onWait(null);
  }
}
