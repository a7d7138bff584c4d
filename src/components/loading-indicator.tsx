import { isApiError } from '../lib/api/errors';
import { announcedWaitSeconds, isTransientFailure } from '../lib/api/retry-policy';

/** What the user should know while a failed request is being retried automatically. */
export function retryNoticeFor(failureReason: unknown): string | null {
  if (!isApiError(failureReason) || !isTransientFailure(failureReason)) return null;
  if (failureReason.status === 429) {
    const wait = announcedWaitSeconds(failureReason);
    return wait === null || wait === 0
      ? 'The service is busy; trying again shortly.'
      : `The service is busy; trying again in ${wait} second${wait === 1 ? '' : 's'}.`;
  }
  if (failureReason.kind === 'network' && failureReason.failure === 'cut') {
    return 'The connection was cut; trying again.';
  }
  return 'The service did not answer properly; trying again.';
}

/**
 * A polite spinner with a label. Pass the query's `failureReason` so a retry in progress
 * (429 Retry-After, 5xx backoff) is explained rather than looking like a hang.
 */
export function LoadingIndicator({
  label = 'Loading…',
  failureReason,
  className = '',
}: {
  label?: string;
  failureReason?: unknown;
  className?: string;
}) {
  const notice = retryNoticeFor(failureReason);
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center gap-2 p-4 text-sm text-slate-600 dark:text-slate-300 ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600 motion-reduce:animate-none dark:border-slate-600 dark:border-t-blue-400"
      />
      <span>
        {label}
        {notice && <span className="block text-amber-700 dark:text-amber-300">{notice}</span>}
      </span>
    </div>
  );
}
