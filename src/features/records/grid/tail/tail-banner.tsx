import { pagingProblemMessage } from '../../../../lib/api/paging-guard';
import { useT } from '../../../../lib/i18n/i18n-react';
import { describeLoadError } from '../../shared/load-error';
import { GridBanner } from '../../shared-ui/records-states';
import type { RecordTail } from './use-record-tail';

/** Why earlier records stopped coming while the grid shows the view's end, if they did. */
export function TailBanner({ tail }: { tail: RecordTail }) {
  const t = useT();
  if (tail.failure) {
    return (
      <GridBanner
        message={t('records.banner.aboveFailed', {
          details: describeLoadError(tail.failure.error),
        })}
        onRetry={tail.failure.retry}
      />
    );
  }
  if (tail.problem)
    return <GridBanner tone="warning" message={pagingProblemMessage(tail.problem, 'records', t)} />;
  return null;
}
