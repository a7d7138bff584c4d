import { isApiError } from '../../../../lib/api/errors';
import { isTransientFailure, retryDelayMs, shouldRetry } from '../../../../lib/api/retry-policy';
import type { RecordRow } from '../../../../lib/api/types';
import type { createConcurrencyLimit } from '../../../../lib/concurrency-limit';

/**
 * Waits for the service's rate limit before a read's name is given up: the rate limit is
 * not a missing name, only a slower one (the page walk waits for it the same way).
 */
const RATE_LIMIT_RETRIES = 30;

/**
 * One record's read, within the reads-at-once limit, tried again after a passing failure
 * (the retry policy's) or the service's rate limit (up to RATE_LIMIT_RETRIES waits).
 */
export async function readWithRetries(
  read: () => Promise<RecordRow>,
  {
    limit,
    signal,
    sleep,
  }: {
    limit: ReturnType<typeof createConcurrencyLimit>;
    signal: AbortSignal;
    sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  },
): Promise<RecordRow> {
  let failures = 0;
  let rateLimited = 0;
  for (;;) {
    try {
      return await limit.run(read, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const paced = isApiError(error) && error.status === 429 && isTransientFailure(error);
      if (paced ? rateLimited >= RATE_LIMIT_RETRIES : !shouldRetry(failures, error)) throw error;
      const delay = retryDelayMs(paced ? Math.min(rateLimited, 3) : failures, error);
      if (paced) rateLimited += 1;
      else failures += 1;
      await sleep(delay, signal);
    }
  }
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
