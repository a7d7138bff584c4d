import { describe, expect, it } from 'vitest';
import { API_PATHS } from './app';
import { TABLE_IDS } from './seed/demo-seed';
import { ORDERS, V1 } from './testing/api-reading';
import { fileTestServer } from './testing/file-test-server';
import { errorOf, startTestServer } from './testing/test-server';

const server = fileTestServer();

/** Headers, CORS and rate limiting (CONTRACT §7). */

describe('§7 headers', () => {
  it('every response has X-Request-Id and nosniff; data responses no-store', async () => {
    const ids = new Set<string>();
    for (const [path, key] of [
      [`${V1}/tables`, undefined],
      [`${V1}/tables`, null],
      ['/nope', undefined],
    ] as const) {
      const response = await server.get(path, { key });
      const id = response.headers.get('X-Request-Id') ?? '';
      expect(id).toMatch(/^req_[0-9a-z]+$/);
      ids.add(id);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    expect(ids.size).toBe(3);
    expect((await server.get(`${V1}/tables`)).headers.get('Cache-Control')).toBe('no-store');
  });

  it("authenticated responses carry RateLimit-Limit/Remaining/Reset and Onnie's X-RateLimit-Remaining/Reset", async () => {
    // A still clock: on a busy machine a token refills between two real-time requests.
    const now = 1_000_000;
    const still = startTestServer({ orders: 0, config: { now: () => now } });
    try {
      const key = still.key('acme', ['tables:read'], 'still');
      const first = await still.get(`${V1}/tables`, { key });
      const second = await still.get(`${V1}/tables`, { key });
      expect(first.headers.get('RateLimit-Limit')).toBe('600');
      const remaining = Number(first.headers.get('RateLimit-Remaining'));
      expect(remaining).toBeGreaterThan(0);
      expect(Number(second.headers.get('RateLimit-Remaining'))).toBe(remaining - 1);
      expect(second.headers.get('X-RateLimit-Remaining')).toBe(
        second.headers.get('RateLimit-Remaining'),
      );
      const resetIn = Number(second.headers.get('RateLimit-Reset'));
      expect(resetIn).toBeGreaterThan(0);
      // Onnie's reset is the Unix time (seconds) at which the bucket is full again.
      expect(Number(second.headers.get('X-RateLimit-Reset'))).toBe(now / 1000 + resetIn);
    } finally {
      still.close();
    }
  });

  it('CORS on every response, including errors and 404', async () => {
    for (const [path, key] of [
      [`${V1}/tables`, undefined],
      [`${V1}/tables`, null],
      ['/nope', undefined],
      [`${ORDERS}/records?limit=x`, undefined],
    ] as const) {
      const response = await server.get(path, {
        key,
        headers: { Origin: 'https://app.example.com' },
      });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Expose-Headers')).toBe(
        'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id',
      );
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    }
  });

  it('preflight on any contract path: 204 without auth, with methods, headers, max-age', async () => {
    for (const path of API_PATHS) {
      const concrete = path.replace(':tableId', TABLE_IDS.orders).replace(':id', 'x');
      const response = await server.get(concrete, {
        key: null,
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example.com',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(response.status, concrete).toBe(204);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
        'Authorization, Content-Type',
      );
      expect(response.headers.get('Access-Control-Max-Age')).toBe('7200');
    }
  });
});

describe('§7 CORS allow-list and rate limiting (own app)', () => {
  it('echoes an allowed origin with Vary: Origin, and omits the header for others', async () => {
    const listed = startTestServer({
      orders: 0,
      config: { corsOrigins: ['https://app.example.com'] },
    });
    try {
      const allowed = await listed.get(`${V1}/tables`, {
        headers: { Origin: 'https://app.example.com' },
      });
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.com');
      expect(allowed.headers.get('Vary')).toContain('Origin');
      const other = await listed.get(`${V1}/tables`, {
        key: null,
        headers: { Origin: 'https://evil.example' },
      });
      expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(other.headers.get('Vary')).toContain('Origin');
    } finally {
      listed.close();
    }
  });

  it('a token bucket per key: 429 rate_limited with Retry-After once the burst is spent, refills over time', async () => {
    let now = 1_000_000;
    const limited = startTestServer({
      orders: 0,
      config: { rateLimitPerMinute: 3, rateLimitBurst: 3, now: () => now },
    });
    try {
      const otherKey = limited.key('acme', ['tables:read'], 'other');
      for (let i = 0; i < 3; i++) expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      const refused = await limited.get(`${V1}/tables`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBe(20);
      expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
      expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0');
      // Full again in 60 s (3 tokens at 3 a minute), as a Unix time in seconds.
      expect(refused.headers.get('X-RateLimit-Reset')).toBe(String(1_000 + 60));
      const error = await errorOf(refused);
      expect(error.code).toBe('rate_limited');
      expect(error.message).toContain('Wait 20 seconds,');
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
      // Buckets are per key.
      expect((await limited.get(`${V1}/tables`, { key: otherKey })).status).toBe(200);
      now += 20_000;
      expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      expect((await limited.get(`${V1}/tables`)).status).toBe(429);
    } finally {
      limited.close();
    }
  });

  it('says "Wait 1 second" (singular) when one second is enough', async () => {
    const limited = startTestServer({
      orders: 0,
      config: { rateLimitPerMinute: 60, rateLimitBurst: 1, now: () => 5_000_000 },
    });
    try {
      expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      const refused = await limited.get(`${V1}/tables`);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect((await errorOf(refused)).message).toContain('Wait 1 second, then try again.');
    } finally {
      limited.close();
    }
  });
});
