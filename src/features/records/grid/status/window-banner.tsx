import { pagingProblemMessage } from '../../../../lib/api/paging-guard';
import { useT } from '../../../../lib/i18n/i18n-react';
import { describeLoadError } from '../../shared/load-error';
import { GridBanner } from '../../shared-ui/records-states';
import type { useRecordWindow } from '../data/use-record-window';

type RecordWindow = ReturnType<typeof useRecordWindow>;

/**
 * Why the rows stopped coming, if they did: a page that failed (with Retry), a seek or
 * jump that failed after its retries, or paging the service contradicted. Said at the top
 * of the grid, wherever the failed page sits in the list.
 */
export function windowStopOf(shown: RecordWindow): 'page' | 'failure' | 'paging' | null {
  const result = shown.result;
  if (result.isFetchNextPageError || result.isFetchPreviousPageError) return 'page';
  if (shown.failure) return 'failure';
  if (shown.pagingProblem) return 'paging';
  return null;
}

export function WindowBanner({ shown }: { shown: RecordWindow }) {
  const t = useT();
  const result = shown.result;
  const stop = windowStopOf(shown);
  if (stop === 'page') {
    const above = result.isFetchPreviousPageError;
    return (
      <GridBanner
        message={t(above ? 'records.banner.aboveFailed' : 'records.banner.moreFailed', {
          details: describeLoadError(result.error),
        })}
        onRetry={() => void (above ? result.fetchPreviousPage() : result.fetchNextPage())}
      />
    );
  }
  if (stop === 'failure' && shown.failure) {
    return (
      <GridBanner
        message={t('records.banner.theseFailed', {
          details: describeLoadError(shown.failure.error),
        })}
        onRetry={shown.failure.retry}
      />
    );
  }
  if (stop === 'paging' && shown.pagingProblem) {
    return (
      <GridBanner
        tone="warning"
        message={pagingProblemMessage(shown.pagingProblem, 'records', t)}
      />
    );
  }
  return null;
}
