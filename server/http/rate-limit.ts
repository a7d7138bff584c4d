import { LruMap } from '../db/lru-map';

/**
 * A token bucket per key (§7): `burst` tokens, refilled at `perMinute / 60` a second.
 * The headers report the per-minute limit, the whole tokens left, and when the bucket
 * is full again: in seconds from now (`RateLimit-Reset`) and as a Unix time in seconds
 * (Onnie's `X-RateLimit-Reset`).
 */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until one token is back; 0 when one is available now. */
  retryAfterSeconds: number;
  headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * Buckets kept at most. Evicting the least recently used bucket forgets a key (or
 * address) that has been quiet longest; its bucket has most likely refilled anyway.
 */
export const MAX_BUCKETS = 10_000;

const PEEK_ALLOWED: RateDecision = Object.freeze({
  allowed: true,
  retryAfterSeconds: 0,
  headers: Object.freeze({}) as Record<string, string>,
});

export class RateLimiter<Id = number> {
  readonly #perMinute: number;
  readonly #burst: number;
  readonly #refillPerMs: number;
  readonly #buckets: LruMap<Id, Bucket>;

  constructor(perMinute: number, burst: number, maxBuckets = MAX_BUCKETS) {
    this.#perMinute = perMinute;
    this.#burst = Math.max(1, burst);
    this.#refillPerMs = perMinute / 60_000;
    this.#buckets = new LruMap<Id, Bucket>({
      maxEntries: maxBuckets,
      maxBytes: Number.POSITIVE_INFINITY,
    });
  }

  get size(): number {
    return this.#buckets.size;
  }

  /** Takes a token when one is there. */
  take(id: Id, nowMs: number): RateDecision {
    return this.#decide(id, nowMs, true);
  }

  /** Whether a token is there, without taking it (headers only when it is not). */
  peek(id: Id, nowMs: number): RateDecision {
    return this.#decide(id, nowMs, false);
  }

  #decide(id: Id, nowMs: number, consume: boolean): RateDecision {
    let bucket = this.#buckets.get(id);
    if (bucket === undefined) {
      bucket = { tokens: this.#burst, updatedMs: nowMs };
      // A peek at an unknown id changes nothing worth remembering.
      if (consume) this.#buckets.set(id, bucket);
    } else {
      const elapsed = Math.max(0, nowMs - bucket.updatedMs);
      bucket.tokens = Math.min(this.#burst, bucket.tokens + elapsed * this.#refillPerMs);
      bucket.updatedMs = nowMs;
    }
    const allowed = bucket.tokens >= 1;
    if (allowed && consume) bucket.tokens -= 1;
    // A peek that finds a token is asked nothing more: every request makes one.
    if (allowed && !consume) return PEEK_ALLOWED;
    const untilFull = Math.ceil((this.#burst - bucket.tokens) / this.#refillPerMs / 1000);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(this.#perMinute),
      'RateLimit-Remaining': String(Math.floor(bucket.tokens)),
      'RateLimit-Reset': String(untilFull),
      'X-RateLimit-Remaining': String(Math.floor(bucket.tokens)),
      'X-RateLimit-Reset': String(Math.ceil(nowMs / 1000) + untilFull),
    };
    let retryAfterSeconds = 0;
    if (!allowed) {
      retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.#refillPerMs / 1000));
      headers['Retry-After'] = String(retryAfterSeconds);
    }
    return { allowed, retryAfterSeconds, headers };
  }
}
