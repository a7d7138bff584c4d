/**
 * One QueryClient policy for the app: 4xx are answers, not accidents, so they are not
 * retried, except 429, which is retried after the service's Retry-After. 5xx and network
 * failures are retried with backoff, then the error panel offers Retry.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors';

export const MAX_AUTOMATIC_RETRIES = 3;
/** A Retry-After longer than this is shown to the user instead of silently waited out. */
export const MAX_RETRY_AFTER_SECONDS = 60;
const MAX_BACKOFF_MS = 8_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_AUTOMATIC_RETRIES) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || error.status === null) return false;
  if (error.status === 429) {
    return error.retryAfterSeconds === null || error.retryAfterSeconds <= MAX_RETRY_AFTER_SECONDS;
  }
  return error.status >= 500;
}

export function retryDelayFor(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.status === 429 && error.retryAfterSeconds !== null) {
    return error.retryAfterSeconds * 1000;
  }
  return Math.min(500 * 2 ** failureCount, MAX_BACKOFF_MS);
}

export function createAppQueryClient(options: { onUnauthorized?: (message: string) => void } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        if (isApiError(error) && error.status === 401) options.onUnauthorized?.(error.message);
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
