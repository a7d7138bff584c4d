/**
 * One QueryClient policy for the app (./api/retry-policy.ts): 4xx are answers, not
 * accidents, so they are not retried, except 429, which waits out Retry-After or the
 * X-RateLimit reset. 5xx, cut or garbled replies and redirects are retried with backoff
 * and jitter, then the error panel offers Retry.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { describeError } from './api/describe-error';
import { isApiError } from './api/errors';
import { retryDelayMs, shouldRetry } from './api/retry-policy';
import { t } from './i18n/i18n';

export { MAX_AUTOMATIC_RETRIES, MAX_RETRY_AFTER_SECONDS, shouldRetry } from './api/retry-policy';

export function retryDelayFor(failureCount: number, error: unknown): number {
  return retryDelayMs(failureCount, error);
}

export function createAppQueryClient(options: { onUnauthorized?: (message: string) => void } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // The sentence the connect screen shows, in the language on screen now.
        if (isApiError(error) && error.status === 401) {
          options.onUnauthorized?.(describeError(error, t).message);
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: retryDelayFor,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
