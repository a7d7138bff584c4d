import { NotAllowed } from '../../../components/not-allowed';
import { isApiError } from '../../../lib/api/errors';
import { useT } from '../../../lib/i18n/i18n-react';
import { describeLoadError } from '../shared/load-error';
import { CODE_SLOT, ErrorNotice, GridMessage, MessageWithCode } from '../shared-ui/records-states';

/** The table's description could not be read: no such table, not allowed, or Retry. */
export function TableLoadFailure({
  tableId,
  error,
  onRetry,
}: {
  tableId: string;
  error: unknown;
  onRetry: () => void;
}) {
  const t = useT();
  if (isApiError(error) && error.status === 404) {
    return (
      <GridMessage title={t('records.view.tableNotFound')}>
        <MessageWithCode
          message={t('records.view.tableNotFoundBody', { id: CODE_SLOT })}
          code={tableId}
        />
      </GridMessage>
    );
  }
  if (isApiError(error) && error.status === 403) {
    // The key lacks tables:read: Retry would get the same answer.
    return (
      <div className="p-4">
        <NotAllowed error={error} />
      </div>
    );
  }
  return (
    <div className="p-4">
      <ErrorNotice message={describeLoadError(error)} onRetry={onRetry} />
    </div>
  );
}
