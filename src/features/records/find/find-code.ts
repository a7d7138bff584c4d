// What a search runs (the matcher's store and worker glue, the walk over the view, the
// service's own search), loaded by use-find.ts with the first find rather than with the
// records' first rows (decision 063: the bytes before a phone's first paint).
import { importWithRetry } from '../../../lib/import-with-retry';

export type FindCode = typeof import('./find-code-loaded');

let loading: Promise<FindCode> | null = null;

/** The find's code, fetched once; a fetch that fails is asked again as a lazy screen's is. */
export function loadFindCode(): Promise<FindCode> {
  loading ??= importWithRetry(() => import('./find-code-loaded')).catch((error: unknown) => {
    loading = null; // The next find asks again.
    throw error;
  });
  return loading;
}
