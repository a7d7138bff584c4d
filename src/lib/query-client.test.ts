import { describe, expect, it } from 'vitest';
import { ApiError } from './api/errors';
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
    expect(retryDelayFor(1, httpError(429, 7))).toBe(7000);
    // Minutes of waiting are shown as an error with Retry rather than a silent spinner.
    expect(shouldRetry(0, httpError(429, 600))).toBe(false);
  });
});
