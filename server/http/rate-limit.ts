/**
 * A token bucket per key (§7): `burst` tokens, refilled at `perMinute / 60` a second.
 * The headers report the per-minute limit, the whole tokens left, and the seconds until
 * the bucket is full again.
 */
export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  readonly #perMinute: number;
  readonly #burst: number;
  readonly #refillPerMs: number;
  readonly #buckets = new Map<number, Bucket>();

  constructor(perMinute: number, burst: number) {
    this.#perMinute = perMinute;
    this.#burst = Math.max(1, burst);
    this.#refillPerMs = perMinute / 60_000;
  }

  take(keyId: number, nowMs: number): RateDecision {
    let bucket = this.#buckets.get(keyId);
    if (bucket === undefined) {
      bucket = { tokens: this.#burst, updatedMs: nowMs };
      this.#buckets.set(keyId, bucket);
    } else {
      const elapsed = Math.max(0, nowMs - bucket.updatedMs);
      bucket.tokens = Math.min(this.#burst, bucket.tokens + elapsed * this.#refillPerMs);
      bucket.updatedMs = nowMs;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const untilFull = Math.ceil((this.#burst - bucket.tokens) / this.#refillPerMs / 1000);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.#perMinute),
      'RateLimit-Remaining': String(Math.floor(bucket.tokens)),
      'RateLimit-Reset': String(untilFull),
    };
    if (!allowed) {
      const untilOne = Math.max(1, Math.ceil((1 - bucket.tokens) / this.#refillPerMs / 1000));
      headers['Retry-After'] = String(untilOne);
    }
    return { allowed, headers };
  }
}
