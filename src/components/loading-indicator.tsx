import { isApiError } from '../lib/api/errors';
import { announcedWaitSeconds, isTransientFailure } from '../lib/api/retry-policy';
import { type Translate, useT } from '../lib/i18n/i18n-react';

/** What the user should know while a failed request is being retried automatically. */
export function retryNoticeFor(failureReason: unknown, t: Translate): string | null {
  if (!isApiError(failureReason) || !isTransientFailure(failureReason)) return null;
  if (failureReason.status === 429) {
    const wait = announcedWaitSeconds(failureReason);
    return wait === null || wait === 0
      ? t('common.retry.busy')
      : t('common.retry.busyWait', { seconds: wait });
  }
  if (failureReason.kind === 'network' && failureReason.failure === 'cut') {
    return t('common.retry.cut');
  }
  return t('common.retry.other');
}

/**
 * A polite spinner with a label. Pass the query's `failureReason` so a retry in progress
 * (429 Retry-After, 5xx backoff) is explained rather than looking like a hang.
 */
export function LoadingIndicator({
  label,
  failureReason,
  className = '',
}: {
  /** Defaults to "Loading…" in the language on screen. */
  label?: string;
  failureReason?: unknown;
  className?: string;
}) {
  const t = useT();
  const notice = retryNoticeFor(failureReason, t);
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
        {label ?? t('common.loading')}
        {notice && <span className="block text-amber-700 dark:text-amber-300">{notice}</span>}
      </span>
    </div>
  );
}
