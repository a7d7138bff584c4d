import type { QueryKey } from '@tanstack/react-query';
import { retryNoticeFor } from '../../../../components/loading-indicator';
import { formatNumber } from '../../../../lib/i18n/formats';
import { t } from '../../../../lib/i18n/i18n';

function recordsCountText(count: number, reachedEnd: boolean, stopped: boolean): string {
  // Not "All 0 records" or "All 1 record": people say "no records" and "1 record".
  if (reachedEnd) return t('records.status.all', { count });
  const loaded = t('records.status.loaded', { count });
  return `${loaded} · ${t(stopped ? 'records.status.stopped' : 'records.status.moreAvailable')}`;
}

/**
 * The status line's count part: a text, or, for a view that pages, the text without and
 * with its page on the way, which the line picks by watching the view's query itself.
 */
export type CountText = string | { idle: string; loadingMore: string; queryKey: QueryKey };

export interface RecordsStatusInput {
  isLoadingFirstPage: boolean;
  hasData: boolean;
  knownRowCount: number;
  reachedEnd: boolean;
  isFetchingPage: boolean;
  failureReason: unknown;
  jumpLoadedRows: number | null;
  /** The view's record count when a Count (or a complete Export) established it: a percentage. */
  knownTotal?: number | null;
  isFallback: boolean;
  /** Paging stopped on a failure or a contradiction (the banner above says which). */
  stopped: boolean;
}

/** The status line's count part: how much of the view is loaded and what is happening. */
export function recordsStatusText(input: RecordsStatusInput): string {
  let text = '';
  if (input.isLoadingFirstPage) text = t('records.status.loadingFirst');
  else if (input.hasData)
    text = recordsCountText(input.knownRowCount, input.reachedEnd, input.stopped);
  if (input.hasData && input.isFetchingPage) {
    // While a page is retried (429 Retry-After, 5xx, network), say so rather than spin.
    const retryNotice = retryNoticeFor(input.failureReason, t);
    text += ` · ${retryNotice ?? t('records.status.loadingMore')}`;
  }
  if (input.jumpLoadedRows !== null) {
    const count = input.jumpLoadedRows;
    const total = input.knownTotal ?? null;
    text =
      total !== null && total > 0
        ? t('records.status.jumpingShare', {
            count,
            share: formatNumber(Math.min(100, Math.floor((count / total) * 100)) / 100, {
              style: 'percent',
            }),
          })
        : t('records.status.jumping', { count });
    const retryNotice = retryNoticeFor(input.failureReason, t);
    if (retryNotice) text += ` · ${retryNotice}`;
  }
  if (input.isFallback) text += ` · ${t('records.status.fallback')}`;
  return text;
}
