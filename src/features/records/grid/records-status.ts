import { retryNoticeFor } from '../../../components/loading-indicator';

const countFormat = new Intl.NumberFormat();

export function formatCount(count: number): string {
  return countFormat.format(count);
}

function recordsCountText(count: number, reachedEnd: boolean, stopped: boolean): string {
  const formatted = countFormat.format(count);
  // Not "All 0 records" or "All 1 record": people say "no records" and "1 record".
  if (reachedEnd) {
    if (count === 0) return 'No records';
    return count === 1 ? '1 record' : `All ${formatted} records`;
  }
  const loaded = `${formatted} ${count === 1 ? 'record' : 'records'} loaded`;
  return stopped ? `${loaded} · loading stopped` : `${loaded} · more available`;
}

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
  if (input.isLoadingFirstPage) text = 'Loading records…';
  else if (input.hasData)
    text = recordsCountText(input.knownRowCount, input.reachedEnd, input.stopped);
  if (input.hasData && input.isFetchingPage) {
    // While a page is retried (429 Retry-After, 5xx, network), say so rather than spin.
    const retryNotice = retryNoticeFor(input.failureReason);
    text += retryNotice ? ` · ${retryNotice}` : ' · Loading more…';
  }
  if (input.jumpLoadedRows !== null) {
    text = `Loading to the end… ${countFormat.format(input.jumpLoadedRows)} records passed`;
    const total = input.knownTotal ?? null;
    if (total !== null && total > 0) {
      text += ` (${Math.min(100, Math.floor((input.jumpLoadedRows / total) * 100))} %)`;
    }
    const retryNotice = retryNoticeFor(input.failureReason);
    if (retryNotice) text += ` · ${retryNotice}`;
  }
  if (input.isFallback) text += ' · Showing the last results that loaded';
  return text;
}
