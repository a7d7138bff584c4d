import { describeError } from '../lib/api/describe-error';
import { isApiError } from '../lib/api/errors';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import { useT } from '../lib/i18n/i18n-react';
import { Button } from './button';
import { ErrorDetails } from './error-details';
import { NotAllowed } from './not-allowed';

/**
 * Shows what went wrong in words a person can act on, the technical side one click away
 * ("Details"), with Retry when given `onRetry` and, for a rejected key, "Sign in again"; a
 * missing permission is explained by NotAllowed, without Retry. Any thrown value is accepted;
 * the words come from the catalog (describeError), never from a thrown value's text.
 */
export function ErrorPanel({
  error,
  onRetry,
  title,
  className = '',
}: {
  error: unknown;
  onRetry?: () => void;
  /** Overrides the title derived from the error. */
  title?: string;
  className?: string;
}) {
  const t = useT();
  const authStore = useOptionalAuthStore();
  const apiError = isApiError(error) ? error : null;
  // A missing permission: no Retry (the same key gets the same answer), a way forward.
  if (apiError?.status === 403 && title === undefined) {
    return <NotAllowed error={apiError} className={className} />;
  }
  const described = describeError(error, t);
  const heading = title ?? described.title;
  const message = described.message;
  const canConnectAgain = apiError?.status === 401 && authStore !== null;

  return (
    <div
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100 ${className}`}
    >
      <p className="font-semibold">{heading}</p>
      <p className="mt-1 break-words">{message}</p>
      {apiError && apiError.kind !== 'aborted' && (
        <ErrorDetails error={apiError} className="mt-2" />
      )}
      {(onRetry || canConnectAgain) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {onRetry && apiError?.status !== 401 && (
            <Button variant="secondary" onClick={onRetry}>
              {t('common.action.retry')}
            </Button>
          )}
          {canConnectAgain && (
            <Button variant="primary" onClick={() => authStore?.keyRejected(message)}>
              {t('common.action.signInAgain')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
