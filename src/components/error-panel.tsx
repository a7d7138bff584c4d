import { type ApiError, isApiError } from '../lib/api/errors';
import { useOptionalAuthStore } from '../lib/auth/auth-context';
import { Button } from './button';
import { ErrorDetails } from './error-details';
import { NotAllowed } from './not-allowed';

export function errorTitleFor(error: ApiError): string {
  if (error.kind === 'network') return "Can't reach the service";
  if (error.kind === 'not_a_service') return 'This address is not a workspace data service';
  if (error.kind === 'aborted') return 'Cancelled';
  switch (error.status) {
    case 400:
      return 'The service could not do that';
    case 401:
      return 'Key not accepted';
    case 403:
      return 'Not allowed with this key';
    case 404:
      return 'Not found';
    case 429:
      return 'The service is busy';
    default:
      return (error.status ?? 0) >= 500 ? 'The service had a problem' : 'Something went wrong';
  }
}

/**
 * Shows what went wrong in words a person can act on, the technical side one click away
 * ("Details"), with Retry when given `onRetry` and, for a rejected key, "Sign in again"; a
 * missing permission is explained by NotAllowed, without Retry. Any thrown value is accepted; only an
 * ApiError's message is shown verbatim, anything else gets a generic sentence.
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
  const authStore = useOptionalAuthStore();
  const apiError = isApiError(error) ? error : null;
  // A missing permission: no Retry (the same key gets the same answer), a way forward.
  if (apiError?.status === 403 && title === undefined) {
    return <NotAllowed error={apiError} className={className} />;
  }
  const heading = title ?? (apiError ? errorTitleFor(apiError) : 'Something went wrong');
  const message = apiError
    ? apiError.message
    : 'Something unexpected happened in the dashboard. Reloading the page usually helps.';
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
              Retry
            </Button>
          )}
          {canConnectAgain && (
            <Button variant="primary" onClick={() => authStore?.keyRejected(apiError.message)}>
              Sign in again
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
