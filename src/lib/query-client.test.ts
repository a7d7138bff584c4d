import { describe, expect, it } from 'vitest';
import { ApiError, type TransportFailure } from './api/errors';
import { retryDelayFor, shouldRetry } from './query-client';

function httpError(status: number, retryAfterSeconds: number | null = null) {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message: 'x',
    retryAfterSeconds,
  });
}

describe('retry policy', () => {
  it('does not retry answers the user must act on (4xx)', () => {
    for (const status of [400, 401, 403, 404])
      expect(shouldRetry(0, httpError(status))).toBe(false);
  });

  it('retries 5xx and unreachable services up to three times', () => {
    const network = new ApiError({
      kind: 'network',
      status: null,
      code: null,
      reason: null,
      message: 'x',
    });
    expect(shouldRetry(0, httpError(503))).toBe(true);
    expect(shouldRetry(2, network)).toBe(true);
    expect(shouldRetry(3, httpError(503))).toBe(false);
  });

  it('waits out a 429 for as long as Retry-After says', () => {
    expect(shouldRetry(0, httpError(429, 7))).toBe(true);
    expect(retryDelayFor(1, httpError(429, 7))).toBeGreaterThanOrEqual(7000);
    // Jitter spreads the return of many clients, but only by a fraction of a second.
    expect(retryDelayFor(1, httpError(429, 7))).toBeLessThan(7_300);
    // Minutes of waiting are shown as an error with Retry rather than a silent spinner.
    expect(shouldRetry(0, httpError(429, 600))).toBe(false);
  });

  it('retries replies that broke on the way, not the browser refusing to send', () => {
    const failureOf = (kind: 'network' | 'not_a_service', failure: TransportFailure) =>
      new ApiError({ kind, status: null, code: null, reason: null, message: 'x', failure });
    expect(shouldRetry(0, failureOf('network', 'cut'))).toBe(true);
    expect(shouldRetry(0, failureOf('not_a_service', 'malformed_body'))).toBe(true);
    expect(shouldRetry(0, failureOf('not_a_service', 'missing_items'))).toBe(true);
    expect(shouldRetry(0, failureOf('not_a_service', 'redirect'))).toBe(true);
    expect(shouldRetry(0, failureOf('not_a_service', 'not_json'))).toBe(false);
    expect(shouldRetry(0, failureOf('network', 'blocked_csp'))).toBe(false);
    expect(shouldRetry(0, failureOf('network', 'blocked_mixed_content'))).toBe(false);
  });

  it('backs off exponentially with jitter, capped', () => {
    for (const failureCount of [0, 1, 2, 3, 10]) {
      const delay = retryDelayFor(failureCount, httpError(503));
      const base = Math.min(500 * 2 ** failureCount, 8_000);
      expect(delay).toBeGreaterThanOrEqual(base / 2);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });
});
