import type { RecordRow } from '../../../lib/api/types';
import type { ViewWalker } from '../count/view-walk';

const PAGE = 500;

/**
 * Count and Export over what a find matched instead of the whole view: the matches are
 * already here, in the view's order, so the "walk" reads no page; it hands them over 500
 * at a time, like the service's pages, so the writers and summaries work unchanged. The
 * matches are read when the walk starts (`matchesOf`), as they are then.
 */
export function matchesWalker(matchesOf: () => readonly RecordRow[]): ViewWalker {
  return async ({ signal, onPage }) => {
    const matches = matchesOf();
    for (let start = 0; start < matches.length || start === 0; start += PAGE) {
      if (signal.aborted) throw signal.reason;
      const end = Math.min(start + PAGE, matches.length);
      await onPage(matches.slice(start, end), {
        index: start / PAGE,
        nextCursor: end < matches.length ? String(end) : null,
      });
    }
  };
}
