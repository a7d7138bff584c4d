import { lazy, Suspense } from 'react';
import type { ApiError } from '../../lib/api/errors';
import { useT } from '../../lib/i18n/i18n-react';
import type { connectFailureDetail, connectFailureHint } from './connect-failure-message';

/**
 * A failed check's "Details" (request, status, reply) load only once a check has failed:
 * the connect screen's first download has a budget (issue 20) and most visits never fail.
 */
const ErrorDetails = lazy(() =>
  import('../../components/error-details').then(({ ErrorDetails: Details }) => ({
    default: Details,
  })),
);

/** Why connecting failed (or what the form lacks), with the service's own words and a hint. */
export function ConnectProblem({
  problem,
  failureDetail,
  apiError,
  hint,
}: {
  problem: string | null;
  failureDetail: ReturnType<typeof connectFailureDetail>;
  /** The failed check's error, when the service answered it: its Details can be shown. */
  apiError: ApiError | null;
  hint: ReturnType<typeof connectFailureHint>;
}) {
  const t = useT();
  return (
    <>
      {problem && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
        >
          <p>{problem}</p>
          {failureDetail !== null && (
            <p className="mt-2 break-words text-xs" lang={failureDetail.lang}>
              {failureDetail.fromService
                ? t('connect.failure.serviceSays', { message: failureDetail.text })
                : failureDetail.text}
            </p>
          )}
          {apiError !== null && (
            <Suspense fallback={null}>
              <ErrorDetails error={apiError} className="mt-2" />
            </Suspense>
          )}
        </div>
      )}
      {hint && (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
          <p>{hint.text}</p>
          <pre className="mt-2 overflow-x-auto rounded bg-white p-2 font-mono text-xs dark:bg-slate-950">
            <code translate="no">{hint.command}</code>
          </pre>
        </div>
      )}
    </>
  );
}
