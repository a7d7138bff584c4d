import type { RateLimitState } from './errors';

/** Longer than this is not waited out silently: the request goes and a 429 says so. */
const MAX_PACING_WAIT_MS = 60_000;

function numberHeader(headers: Pick<Headers, 'get'>, name: string): number | null {
  const value = headers.get(name)?.trim();
  if (value === undefined || value === '' || !/^\d+(\.\d+)?$/.test(value)) return null;
  return Number(value);
}

/**
 * Reads the service's pacing headers. Onnie sends `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (Unix seconds when the allowance is whole) and no Retry-After;
 * the IETF draft's `RateLimit-Reset` is seconds from now. Null when neither is sent.
 */
export function rateLimitStateOf(
  headers: Pick<Headers, 'get'>,
  now: number = Date.now(),
): RateLimitState | null {
  const remaining =
    numberHeader(headers, 'X-RateLimit-Remaining') ?? numberHeader(headers, 'RateLimit-Remaining');
  const unixReset = numberHeader(headers, 'X-RateLimit-Reset');
  const deltaReset = numberHeader(headers, 'RateLimit-Reset');
  let resetAt: number | null = null;
  // A small X-RateLimit-Reset is a delta some services send under Onnie's name.
  if (unixReset !== null) resetAt = unixReset > 1e9 ? unixReset * 1000 : now + unixReset * 1000;
  else if (deltaReset !== null) resetAt = now + deltaReset * 1000;
  if (remaining === null && resetAt === null) return null;
  return { remaining, resetAt };
}

/** How long to hold the next request so it does not spend the last of an exhausted allowance. */
export function pacingDelayMs(state: RateLimitState | null, now: number = Date.now()): number {
  if (state === null || state.remaining === null || state.remaining > 0) return 0;
  if (state.resetAt === null) return 0;
  return Math.min(Math.max(0, state.resetAt - now), MAX_PACING_WAIT_MS);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One per client: remembers the last pacing headers and holds the next request while the
 * service said the allowance is spent, instead of spending a request on a certain 429.
 */
export class RateLimitPacer {
  private state: RateLimitState | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  observe(headers: Pick<Headers, 'get'>): void {
    const state = rateLimitStateOf(headers, this.now());
    if (state !== null) this.state = state;
  }

  /** `onWait` hears of a hold before it starts, so a long walk can say why it paused. */
  async beforeRequest(
    signal?: AbortSignal | null,
    onWait?: (delayMs: number) => void,
  ): Promise<void> {
    const delay = pacingDelayMs(this.state, this.now());
    if (delay <= 0) return;
    onWait?.(delay);
    await sleep(delay, signal);
  }
}
