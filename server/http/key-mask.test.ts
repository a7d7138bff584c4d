import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLE_IDS } from '../seed/demo-seed';
import { startTestServer, type TestServer } from '../testing/test-server';
import { maskKeys } from './key-mask';

// Issue 19: a 400 echoed an `onn_live_` key whole; only `svc_live_` was masked there,
// while the log masked both. One function now masks any `<prefix>_live_<random>`.

const SECRET = '0123456789abcdef0123456789abcdef0123456789abcdef';
const KEYS = [
  `svc_live_${SECRET}`,
  `onn_live_${SECRET}`,
  `acme_live_${SECRET}`,
  `ONN_LIVE_${SECRET.toUpperCase()}`,
  `onn_live_${SECRET.slice(0, 20)}-_.~${SECRET.slice(20)}`,
];

describe('maskKeys', () => {
  it('keeps the prefix of every <prefix>_live_<random> and drops the rest', () => {
    for (const key of KEYS) {
      const prefix = key.slice(0, key.toLowerCase().indexOf('_live_') + 6);
      expect(maskKeys(`no column named "${key}" here`)).toBe(`no column named "${prefix}…" here`);
    }
  });

  it('masks every key in a text and stops at separators no key holds', () => {
    expect(maskKeys(`/a/svc_live_${SECRET}/b?x=onn_live_${SECRET}&y=1`)).toBe(
      '/a/svc_live_…/b?x=onn_live_…&y=1',
    );
    expect(maskKeys(`filter[my_onn_live_${SECRET}]`)).toBe('filter[my_onn_live_…]');
  });

  it('leaves texts without a key as they are', () => {
    expect(maskKeys('status: paid, live_orders')).toBe('status: paid, live_orders');
  });
});

describe('error messages and log lines never hold a key', () => {
  let server: TestServer;
  const records = `/api/public/v1/tables/${TABLE_IDS.orders}/records`;
  beforeAll(() => {
    server = startTestServer({ orders: 20, config: { logRequests: true } });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => server.close());

  /** Each request both ways: over the node server (fast path) and through Hono alone. */
  async function answers(path: string): Promise<string[]> {
    const overHttp = await server.get(path);
    const hono = await server.app.request(path, {
      headers: { Authorization: `Bearer ${server.acmeKey}` },
    });
    return [`${overHttp.status} ${await overHttp.text()}`, `${hono.status} ${await hono.text()}`];
  }

  const cases = (key: string): [string, string][] => [
    ['sort', `sort=${encodeURIComponent(key)}:asc`],
    ['sort without a direction', `sort=${encodeURIComponent(key)}`],
    ['a filter key', `filter[${encodeURIComponent(key)}]=1`],
    ['a filter value', `filter[amount]=${encodeURIComponent(key)}`],
    ['a filter value of a date', `filter[ordered_at]=${encodeURIComponent(key)}`],
    ['filter sent twice', `filter[${key}]=1&filter[${key}]=2`],
    ['view', `view=${encodeURIComponent(key)}`],
    ['cursor', `cursor=${encodeURIComponent(key)}`],
    ['limit', `limit=${encodeURIComponent(key)}`],
  ];

  for (const key of KEYS) {
    it(`answers 400 without ${key.slice(0, 9)}…'s secret part, in message and details`, async () => {
      vi.spyOn(process.stdout, 'write').mockReturnValue(true);
      for (const [what, query] of cases(key)) {
        for (const answer of await answers(`${records}?${query}`)) {
          expect(answer, what).toMatch(/^400 /);
          expect(answer.toLowerCase(), what).not.toContain(SECRET.slice(0, 16));
        }
      }
    });
  }

  it('names the kind of key it masked, so a person sees what they sent', async () => {
    const [overHttp] = await answers(`${records}?sort=onn_live_${SECRET}:asc`);
    expect(overHttp).toContain('no column named \\"onn_live_…\\"');
  });

  it('masks keys in the paths it logs, for the fast path and Hono alike', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    await server.get(`/api/public/v1/tables/onn_live_${SECRET}/records`);
    await server.get(`/api/public/v1/onn_live_${SECRET}`);
    await server.get(`${records}?sort=svc_live_${SECRET}`);
    vi.restoreAllMocks();
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(SECRET.slice(0, 16));
    expect(lines[0]).toContain('/api/public/v1/tables/onn_live_…/records');
    expect(lines[1]).toContain('/api/public/v1/onn_live_…');
  });
});
