import { describe, expect, it } from 'vitest';
import { pacingDelayMs, RateLimitPacer, rateLimitStateOf } from './rate-limit';

const NOW = 1_800_000_000_000;

describe('rate-limit headers', () => {
  it("reads Onnie's X-RateLimit-Reset as Unix seconds and the draft's RateLimit-Reset as a delta", () => {
    expect(
      rateLimitStateOf(
        new Headers({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(NOW / 1000 + 6) }),
        NOW,
      ),
    ).toEqual({ remaining: 0, resetAt: NOW + 6_000 });
    expect(
      rateLimitStateOf(new Headers({ 'RateLimit-Remaining': '3', 'RateLimit-Reset': '10' }), NOW),
    ).toEqual({ remaining: 3, resetAt: NOW + 10_000 });
    expect(rateLimitStateOf(new Headers(), NOW)).toBeNull();
  });

  it('holds the next request only while the allowance is spent, and never for minutes', () => {
    expect(pacingDelayMs({ remaining: 5, resetAt: NOW + 6_000 }, NOW)).toBe(0);
    expect(pacingDelayMs({ remaining: 0, resetAt: NOW + 6_000 }, NOW)).toBe(6_000);
    expect(pacingDelayMs({ remaining: 0, resetAt: NOW - 1 }, NOW)).toBe(0);
    expect(pacingDelayMs({ remaining: 0, resetAt: NOW + 3_600_000 }, NOW)).toBe(60_000);
  });

  it('a pacer waits after a reply that spent the allowance, and can be cancelled', async () => {
    let now = NOW;
    const pacer = new RateLimitPacer(() => now);
    pacer.observe(
      new Headers({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(NOW / 1000 + 60) }),
    );
    const controller = new AbortController();
    const waiting = pacer.beforeRequest(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeDefined();
    now = NOW + 61_000;
    await expect(pacer.beforeRequest()).resolves.toBeUndefined();
  });
});
