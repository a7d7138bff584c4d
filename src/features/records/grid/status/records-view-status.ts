import type { Column, RecordQuery } from '../../../../lib/api/types';
import type { Translate } from '../../../../lib/i18n/i18n-react';
import type { ViewTotals } from '../../count/view-totals';
import type { ListFacts } from '../../shared/list-facts';
import type { useShownView } from '../data/use-shown-view';
import {
  appliedQuery,
  contradictionMessage,
  viewContradictions,
} from '../refusals/view-contradictions';
import { withoutRefused } from '../refusals/view-refusals';
import type { useTailView } from '../tail/use-tail-view';
import { type CountText, recordsStatusText } from './records-status';
import { summarizeView } from './view-summary';
import { windowStopOf } from './window-banner';

/** Skeleton rows drawn while the first page of a view loads. */
const LOADING_ROWS = 12;

/**
 * What the records screen says of its view once the table is described: the status line's
 * summary, count and refusals, the header's errors, how many rows the list spans and the
 * error that stopped its loading. Read from the view's pages, nothing fetched here.
 */
export function recordsViewStatus({
  t,
  tableName,
  query,
  columns,
  recordLabels,
  view: { current, shown, inputError, isFallback, refusals, keptEarlierRows },
  shownRows,
  totals,
}: {
  t: Translate;
  tableName: string;
  /** The view in the URL. */
  query: RecordQuery;
  columns: readonly Column[];
  /** The names of the records REFERENCE filters point at, by column. */
  recordLabels: Readonly<Record<string, string>>;
  view: ReturnType<typeof useShownView>;
  shownRows: ReturnType<typeof useTailView>;
  /** The view's exact total from a recent Count or Export. */
  totals: ViewTotals | null;
}) {
  const result = shown.result;
  const hasData = result.data !== undefined;
  const filterError = inputError?.kind === 'filter' ? inputError : null;
  const filterErrorHasInput =
    filterError !== null && columns.some((c) => c.name === filterError.column);
  const headerErrorOf = (columnName: string): string | null => {
    if (filterError?.column === columnName) return filterError.message;
    const refusal = refusals.find((r) => r.kind === 'filter' && r.column === columnName);
    return refusal?.message ?? null;
  };
  const anyHeaderError =
    filterErrorHasInput ||
    refusals.some((r) => r.kind === 'filter' && columns.some((c) => c.name === r.column));
  // What the rows on screen answer: the view less what the service refused.
  const appliedView = withoutRefused(query, refusals);
  const loadError =
    !inputError &&
    current.result.isError &&
    !current.result.isFetchNextPageError &&
    !current.result.isFetchPreviousPageError
      ? current.result.error
      : null;
  const stopped = windowStopOf(shown) !== null;

  const isLoadingFirstPage =
    !hasData && (result.isFetching || current.result.isPending) && !inputError && !loadError;
  const rowCount = isLoadingFirstPage
    ? LOADING_ROWS
    : shownRows.active
      ? shownRows.tailRowCount
      : shown.knownRowCount + (shown.reachedEnd || stopped || !hasData ? 0 : 1);

  const shownQuery = isFallback ? null : appliedView;
  const notApplied = shownQuery
    ? viewContradictions(shownQuery, columns, shownRows.rows)
    : { filters: [], sort: null };
  const notAppliedMessage = contradictionMessage(notApplied);
  const summary = summarizeView(
    tableName,
    appliedQuery(appliedView, notApplied),
    columns,
    recordLabels,
  );
  const statusInput = (isFetchingPage: boolean) =>
    recordsStatusText({
      isLoadingFirstPage,
      hasData,
      knownRowCount: shown.knownRowCount,
      reachedEnd: shown.reachedEnd,
      isFetchingPage,
      failureReason: shown.jump?.retrying ?? result.failureReason,
      jumpLoadedRows: shown.jump?.loadedRows ?? null,
      knownTotal: totals?.total ?? null,
      stopped,
      isFallback: isFallback || keptEarlierRows,
    });
  // Whether a page is on its way is the status line's to watch (usePageFetching): the
  // records view does not render when a page's request starts.
  const countText: CountText =
    shownRows.statusText ??
    (hasData
      ? { idle: statusInput(false), loadingMore: statusInput(true), queryKey: shown.queryKey }
      : statusInput(false));
  const refusedText =
    refusals.length > 0 && !keptEarlierRows
      ? t('records.status.withoutRefused', {
          kind: refusals.length === 1 ? (refusals[0]?.kind ?? 'filter') : 'parts',
        })
      : null;
  // What the list knows of its size and end (a find's matches say the same their own way).
  const list: ListFacts = {
    rowCount,
    knownTotal: shownRows.active
      ? undefined
      : (totals?.total ?? (shown.reachedEnd && hasData ? shown.knownRowCount : undefined)),
    loadedIsAll: shownRows.active
      ? shownRows.tail.reachedStart
      : shown.reachedEnd && shown.rows.length === shown.knownRowCount,
    knownRowCount: shown.knownRowCount,
    reachedEnd: shown.reachedEnd,
  };
  return {
    hasData,
    headerErrorOf,
    anyHeaderError,
    appliedView,
    loadError,
    stopped,
    rowCount,
    list,
    notAppliedMessage,
    summary,
    countText,
    refusedText,
  };
}
