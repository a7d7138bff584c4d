import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerConfig } from '../config';
import { TABLE_IDS } from '../seed/demo-seed';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server';
import { createProxyApp } from './proxy';

const UPSTREAM = 'https://upstream.example.com/base';
let upstream: TestServer;
const seen: { url: string; headers: Headers; method: string }[] = [];

/** The proxy, in front of a real reference app standing in for the upstream. */
function proxy(fetchUpstream?: typeof fetch) {
  return createProxyApp({
    upstream: UPSTREAM,
    config: defaultServerConfig({ logRequests: false }),
    fetchUpstream:
      fetchUpstream ??
      (async (input, init) => {
        const url = String(input);
        seen.push({ url, headers: new Headers(init?.headers), method: init?.method ?? 'GET' });
        return upstream.app.request(url.replace('https://upstream.example.com/base', ''), init);
      }),
  });
}

beforeAll(() => {
  upstream = startTestServer({ orders: 20 });
});
afterAll(() => upstream.close());

describe('--proxy', () => {
  it('forwards contract GETs unchanged, with Authorization and the query, and relays status and body', async () => {
    const app = proxy();
    const path = `/api/public/v1/tables/${TABLE_IDS.orders}/records?limit=3&sort=amount%3Adesc&filter%5Bstatus%5D=paid`;
    const response = await app.request(path, {
      headers: {
        Authorization: `Bearer ${upstream.acmeKey}`,
        Cookie: 'session=1',
        Origin: 'https://x.example',
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { records: unknown[] };
    expect(body.records.length).toBeGreaterThan(0);
    const last = seen.at(-1);
    expect(last?.url).toBe(`${UPSTREAM}${path}`);
    expect(last?.headers.get('authorization')).toBe(`Bearer ${upstream.acmeKey}`);
    expect(last?.headers.get('cookie')).toBeNull();
    expect(response.headers.get('RateLimit-Limit')).toBe('600');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_/);
  });

  it("relays the upstream's errors as they are", async () => {
    const response = await proxy().request('/v1/skills', { headers: {} });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect((await errorOf(response)).code).toBe('unauthorized');
  });

  it('refuses other paths (404) and methods (405) without calling the upstream', async () => {
    const before = seen.length;
    const app = proxy();
    for (const path of ['/admin', '/api/public/v1/secret', '/api/public/v1/tables/x/records/y/z']) {
      const response = await app.request(path, { headers: { Authorization: 'Bearer x' } });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe('not_found');
    }
    const post = await app.request('/api/public/v1/tables', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const preflight = await app.request('/api/public/v1/tables', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(seen.length).toBe(before);
  });

  it('answers 502 in the contract shape when the upstream is unreachable', async () => {
    const app = proxy(async () => {
      throw new TypeError('fetch failed');
    });
    const response = await app.request('/api/public/v1/tables', {
      headers: { Authorization: 'Bearer x' },
    });
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error.code).toBe('internal_error');
    expect(error.request_id).toBe(response.headers.get('X-Request-Id'));
  });

  it('serves the dashboard precompressed, cached by hash, with the upstream in its CSP', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'wds-proxy-dist-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workspace Browser</title>');
      const script = `console.log(${JSON.stringify('y'.repeat(1_000))});`;
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
      writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
      const app = createProxyApp({
        upstream: UPSTREAM,
        // main.ts adds --proxy's origin to the connect sources.
        config: defaultServerConfig({
          dashboardDir: dist,
          connectSources: ['https://upstream.example.com'],
        }),
        fetchUpstream: async () => new Response('unexpected', { status: 500 }),
      });
      const asset = await app.request('/assets/index-abc123.js', {
        headers: { 'Accept-Encoding': 'gzip, br' },
      });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('Content-Encoding')).toBe('br');
      expect(asset.headers.get('Vary')).toContain('Accept-Encoding');
      expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(Buffer.from(await asset.arrayBuffer())).toString()).toBe(script);
      const page = await app.request('/');
      expect(page.headers.get('Cache-Control')).toBe('no-cache');
      expect(page.headers.get('Content-Security-Policy')).toContain(
        "connect-src 'self' https: https://upstream.example.com;",
      );
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
