/**
 * When a failed request is worth repeating, and after how long. One policy for the
 * query cache (every useQuery) and for the page walker (Jump to end, Export, Count).
 */
import { ApiError, isApiError } from './errors';

/** Retries after the first attempt, before a failure reaches the user. */
export const MAX_AUTOMATIC_RETRIES = 3;
/** A Retry-After longer than this is shown to the user instead of silently waited out. */
export const MAX_RETRY_AFTER_SECONDS = 60;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** Spread added to a wait the service named, so many tabs do not return at the same instant. */
const NAMED_WAIT_JITTER_MS = 250;

/**
 * Transient: a network failure that is not the browser's own refusal, a cut or garbled
 * body, a 200 without its item array, a redirect (a load balancer mid-deploy), 5xx, and
 * 429 unless it asks for minutes. Everything else is an answer to show.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') {
    return error.failure === null || error.failure === 'unreachable' || error.failure === 'cut';
  }
  if (error.kind === 'not_a_service') {
    return (
      error.failure === 'redirect' ||
      error.failure === 'malformed_body' ||
      error.failure === 'missing_items'
    );
  }
  if (error.kind !== 'http' || error.status === null) return false;
  if (error.status === 429) {
    return error.retryAfterSeconds === null || error.retryAfterSeconds <= MAX_RETRY_AFTER_SECONDS;
  }
  return error.status >= 500;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_AUTOMATIC_RETRIES && isTransientFailure(error);
}

export interface RetryClock {
  now?: () => number;
  random?: () => number;
}

/**
 * Exponential backoff with jitter (half fixed, half random), unless the service said how
 * long: Retry-After wins; without it, a 429 or 503 waits until the X-RateLimit-Reset time
 * when the allowance is spent (Onnie sends only those headers).
 */
export function retryDelayMs(
  failureCount: number,
  error: unknown,
  { now = Date.now, random = Math.random }: RetryClock = {},
): number {
  const backoff = Math.min(BASE_BACKOFF_MS * 2 ** failureCount, MAX_BACKOFF_MS);
  const jittered = backoff / 2 + random() * (backoff / 2);
  if (!(error instanceof ApiError)) return jittered;
  if (error.retryAfterSeconds !== null) {
    return error.retryAfterSeconds * 1000 + random() * NAMED_WAIT_JITTER_MS;
  }
  const { rateLimit } = error;
  if (
    (error.status === 429 || error.status === 503) &&
    rateLimit?.resetAt != null &&
    (rateLimit.remaining === null || rateLimit.remaining <= 0)
  ) {
    const untilReset = Math.min(
      Math.max(0, rateLimit.resetAt - now()),
      MAX_RETRY_AFTER_SECONDS * 1000,
    );
    return Math.max(untilReset, BASE_BACKOFF_MS) + random() * NAMED_WAIT_JITTER_MS;
  }
  return jittered;
}

/** Seconds the next retry will wait, for "trying again in N seconds" (null when unknown). */
export function announcedWaitSeconds(error: unknown, now: number = Date.now()): number | null {
  if (!isApiError(error)) return null;
  if (error.retryAfterSeconds !== null) return error.retryAfterSeconds;
  const resetAt = error.rateLimit?.resetAt;
  if (error.status === 429 && resetAt != null)
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  return null;
}
