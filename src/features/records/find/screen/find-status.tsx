import { formatNumber } from '../../../../lib/i18n/formats';
import { type Translate, useT } from '../../../../lib/i18n/i18n-react';
import { describeLoadError } from '../../shared/load-error';
import { toolbarButton } from '../../shared-ui/toolbar-button';
import { useFindMatches } from '../find-matches';
import { type FindProgress, useFindProgress } from '../find-progress';
import { MAX_MATCHES } from '../matcher/find-limits';
import type { Find } from '../use-find';

/** "37 matches · searched 12,400 of 100,000": where the find stands, in words. */
export function findStatusText(
  t: Translate,
  find: Pick<Find, 'byService' | 'phase'> & { matchCount: number },
  { searched: searchedCount }: FindProgress,
  viewTotal: number | null,
): string {
  const matches = t('records.find.matches', { count: find.matchCount });
  if (find.byService) {
    // The service searched: nothing of the view was read here, so no "searched" figure.
    const asked = t(
      find.phase === 'searching' ? 'records.find.askingService' : 'records.find.byService',
    );
    if (find.phase === 'capped') {
      return `${t('records.find.capped', { max: formatNumber(MAX_MATCHES) })} · ${asked}`;
    }
    if (find.phase === 'stopped') return `${matches} · ${asked} · ${t('records.find.stopped')}`;
    return `${matches} · ${asked}`;
  }
  const searched = formatNumber(searchedCount);
  if (find.phase === 'done') {
    return `${matches} · ${t('records.find.searchedAll', { count: searchedCount })}`;
  }
  const progress =
    viewTotal !== null && viewTotal >= searchedCount
      ? t('records.find.searchedOf', { searched, total: formatNumber(viewTotal) })
      : t('records.find.searched', { searched });
  if (find.phase === 'capped') {
    return `${t('records.find.capped', { max: formatNumber(MAX_MATCHES) })} · ${progress}`;
  }
  if (find.phase === 'stopped') return `${matches} · ${progress} · ${t('records.find.stopped')}`;
  return `${matches} · ${progress}`;
}

/**
 * The find's status line: the matches, how much of the view was searched, Stop while it
 * reads, Search again after it stopped; a failure says why, and the matches stay. It alone
 * follows the progress and the matches (a page searched draws only this line and the list).
 */
export function FindStatus({ find, viewTotal }: { find: Find; viewTotal: number | null }) {
  if (find.phase === 'idle') return null;
  return <FindStatusLine find={find} viewTotal={viewTotal} />;
}

/**
 * Mounted as the screen turns to the find, so its first drawing reads the matches and the
 * progress as they are then, as the list does. Followed from before (while idle), an answer
 * that came during the turn (the search begins with the keystroke) reached it in a transition
 * of its own, a frame after the list: "No matches" above the first rows (decision 061's
 * sixth addendum).
 */
function FindStatusLine({ find, viewTotal }: { find: Find; viewTotal: number | null }) {
  const t = useT();
  const progress = useFindProgress(find.progress);
  const matchCount = useFindMatches(find.matches).rows.length;
  const { wait } = progress;
  const failed = find.phase === 'failed';
  return (
    <section
      aria-label={t('records.find.statusLabel')}
      className="mx-4 mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
    >
      <span role="status" className="tabular-nums">
        {findStatusText(t, { ...find, matchCount }, progress, viewTotal)}
        {wait ? (
          <span className="text-amber-800 dark:text-amber-300">
            {' · '}
            {wait.reason === 'rate_limit'
              ? t('records.count.waitRateLimit', { seconds: formatNumber(wait.seconds) })
              : t('records.count.waitRetry', { seconds: formatNumber(wait.seconds) })}
          </span>
        ) : null}
      </span>
      {failed ? (
        <span role="alert" className="text-amber-900 dark:text-amber-200">
          {t('records.find.failed')} {describeLoadError(find.error)}
        </span>
      ) : null}
      {find.phase === 'searching' ? (
        <button type="button" onClick={find.stop} className={toolbarButton}>
          {t('records.find.stop')}
        </button>
      ) : null}
      {find.phase === 'stopped' || failed ? (
        <button type="button" onClick={find.searchAgain} className={toolbarButton}>
          {t('records.find.searchAgain')}
        </button>
      ) : null}
    </section>
  );
}
