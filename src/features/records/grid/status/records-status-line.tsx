import type { ReactNode } from 'react';
import { useT } from '../../../../lib/i18n/i18n-react';
import type { ViewTotals } from '../../count/view-totals';
import { usePageFetching } from '../data/page-fetching';
import { type PlaceNotice, placeNoticeText } from '../place/use-keep-place';
import type { CountText } from './records-status';

/** The count part as it reads now: "Loading more…" while the view's next page is on its way. */
function useCountText(countText: CountText | null): string | null {
  const paged = typeof countText === 'object' ? countText : null;
  const fetching = usePageFetching(paged?.queryKey ?? null);
  if (paged === null) return countText as string | null;
  return fetching ? paged.loadingMore : paged.idle;
}

/**
 * The records screen's status: what the view shows, how many rows, what the service
 * refused, where the person was returned to, the counted total; and, apart, what a copy did.
 */
export function RecordsStatusLine({
  summary,
  countText: count,
  refusedText,
  placeNotice,
  totals,
  copyNotice,
}: {
  summary: string;
  countText: CountText | null;
  refusedText: string | null;
  placeNotice: PlaceNotice;
  totals: ViewTotals | null;
  copyNotice: string;
}) {
  const t = useT();
  const countText = useCountText(count);
  return (
    <>
      <p role="status" className="px-4 py-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span dir="auto">{summary}</span>
        {countText ? <span> · {countText}</span> : null}
        {refusedText ? <span> · {refusedText}</span> : null}
        {placeNotice ? <span> · {placeNoticeText(placeNotice)}</span> : null}
        {totals ? <span> · {t('records.status.counted', { count: totals.total })}</span> : null}
      </p>
      <p role="status" className="px-4 text-xs text-slate-600 empty:hidden dark:text-slate-300">
        {copyNotice}
      </p>
    </>
  );
}

/** The view's line at the foot of the phone's sort-and-filter sheet, and its empty state. */
export function SheetResultLine({
  summary,
  countText: count,
  empty,
}: {
  summary: string;
  countText: CountText | null;
  /** The hint and Clear filters when nothing matches; null otherwise. */
  empty: ReactNode;
}) {
  const countText = useCountText(count);
  return (
    <>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span dir="auto">{summary}</span>
        {countText ? <span> · {countText}</span> : null}
      </p>
      {empty}
    </>
  );
}
