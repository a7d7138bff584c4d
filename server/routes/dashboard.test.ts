import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE_SOURCE, TABLE_IDS } from '../seed/demo-seed';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server';

const dist = mkdtempSync(join(tmpdir(), 'wds-dist-'));
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2_000))});`;
let server: TestServer;
let demo: TestServer;

beforeAll(() => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workspace Browser</title>');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), SCRIPT);
  // As the build writes them (vite.config.ts).
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'only-gzip-77aa.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'only-gzip-77aa.js.gz'), gzipSync(SCRIPT));
  // A file edited after the build: its older compressed copy must not be served.
  writeFileSync(join(dist, 'edited.txt'), 'new text');
  writeFileSync(join(dist, 'edited.txt.gz'), gzipSync('old text'));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(dist, 'edited.txt.gz'), past, past);
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.css'), 'body{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    join(dist, 'config.json'),
    '{"serviceUrl":"https://api.example.com","title":"Ours"}',
  );
  server = startTestServer({
    orders: 0,
    config: {
      dashboardDir: dist,
      frameAncestors: 'https://portal.example.com',
      connectSources: ['https://api.example.com'],
    },
  });
  demo = startTestServer({
    orders: 0,
    config: { dashboardDir: dist, demoKey: 'svc_live_demo_for_test' },
  });
});
afterAll(() => {
  server.close();
  demo.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('--dashboard', () => {
  it('serves index.html at / with no-cache, a CSP for a React SPA and no referrer', async () => {
    const response = await server.get('/', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // https: so a user can type the real service's URL on the connect screen (issue 8).
    expect(csp).toContain("connect-src 'self' https: https://api.example.com;");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain('frame-ancestors https://portal.example.com');
    expect(await response.text()).toContain('Workspace Browser');
    const head = await server.get('/', { key: null, method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('serves hashed assets with their content type and a long cache', async () => {
    const js = await server.get('/assets/index-3f2a1b.js', { key: null });
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const css = await server.get('/assets/index-3f2a1b.css', { key: null });
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
    const svg = await server.get('/favicon.svg', { key: null });
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml');
  });

  it('serves the Brotli or gzip sibling the client accepts, varying on Accept-Encoding', async () => {
    const path = '/assets/index-3f2a1b.js';
    const get = (acceptEncoding?: string) =>
      server.get(path, {
        key: null,
        headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
      });

    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotli.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(brotli.headers.get('Content-Length')).toBe(String(brotliBody.length));
    expect(brotliBody.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(brotliBody).toString()).toBe(SCRIPT);

    const gzip = await get('gzip;q=1.0, br;q=0');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    for (const identity of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await get(identity);
      expect(plain.headers.get('Content-Encoding'), identity).toBeNull();
      expect(plain.headers.get('Vary'), identity).toBe('Accept-Encoding');
      expect(await plain.text(), identity).toBe(SCRIPT);
    }
    expect((await get('*')).headers.get('Content-Encoding')).toBe('br');

    const onlyGzip = await server.get('/assets/only-gzip-77aa.js', {
      key: null,
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(onlyGzip.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('never serves a compressed copy older than the file, nor one for an uncompressed file', async () => {
    const edited = await server.get('/edited.txt', {
      key: null,
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(edited.headers.get('Content-Encoding')).toBeNull();
    expect(await edited.text()).toBe('new text');
    const svg = await server.get('/favicon.svg', {
      key: null,
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(svg.headers.get('Content-Encoding')).toBeNull();
    expect(svg.headers.get('Vary')).toBeNull();
  });

  it('answers a revalidation of an unchanged index.html with 304 and no body', async () => {
    const first = await server.get('/', { key: null, headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^".+"$/);
    const again = await server.get('/', {
      key: null,
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('keeps API paths first and answers unknown files and traversal with the contract 404', async () => {
    expect((await server.get('/api/public/v1/tables')).status).toBe(200);
    for (const path of [
      '/api/public/v1/nope',
      '/missing.js',
      '/assets/',
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
    ]) {
      const response = await server.get(path, { key: null });
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe('not_found');
    }
  });

  it('serves /config.json from the dashboard dir without --demo', async () => {
    const response = await server.get('/config.json', { key: null });
    expect(await response.json()).toEqual({ serviceUrl: 'https://api.example.com', title: 'Ours' });
  });

  it('--demo: /config.json hands out the demo key, uncached', async () => {
    const response = await demo.get('/config.json', { key: null });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      serviceUrl: '',
      title: 'Workspace Browser demo',
      people: { table: TABLE_IDS.team, idColumn: 'member_id', nameColumn: 'name' },
      demoKey: 'svc_live_demo_for_test',
    });
  });

  it('--demo: /config.json is for the same origin only: no CORS headers, no key for other origins', async () => {
    const read = async (headers: Record<string, string>) => {
      const response = await demo.app.request('/config.json', {
        headers: { Host: '127.0.0.1:8787', ...headers },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(response.headers.get('Access-Control-Expose-Headers')).toBeNull();
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
      expect(response.headers.get('Vary')).toContain('Sec-Fetch-Site');
      const body = (await response.json()) as { demoKey?: string };
      return body.demoKey;
    };
    // The dashboard's own fetch, an address typed in, a tool without browser headers.
    expect(await read({ 'Sec-Fetch-Site': 'same-origin' })).toBe('svc_live_demo_for_test');
    expect(await read({ 'Sec-Fetch-Site': 'none' })).toBe('svc_live_demo_for_test');
    expect(await read({})).toBe('svc_live_demo_for_test');
    expect(await read({ Origin: 'http://127.0.0.1:8787' })).toBe('svc_live_demo_for_test');
    // Evidently another origin's page.
    const fromElsewhere: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:9999' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of fromElsewhere) {
      expect(await read(headers), JSON.stringify(headers)).toBeUndefined();
    }
    // Over the wire too, and the API beside it keeps its CORS headers.
    const wire = await demo.get('/config.json', {
      key: null,
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    expect(wire.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(await wire.json()).toEqual({
      serviceUrl: '',
      title: 'Workspace Browser demo',
      people: DEMO_PEOPLE_SOURCE,
    });
    const api = await demo.get('/api/public/v1/tables', {
      headers: { Origin: 'https://x.example' },
    });
    expect(api.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('--demo with named CORS origins: /config.json is still not theirs to read', async () => {
    const named = startTestServer({
      orders: 0,
      config: { demoKey: 'svc_live_demo_for_test', corsOrigins: ['https://app.example.com'] },
    });
    try {
      const response = await named.app.request('/config.json', {
        headers: { Host: '127.0.0.1:8787', Origin: 'https://app.example.com' },
      });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(await response.json()).toEqual({
        serviceUrl: '',
        title: 'Workspace Browser demo',
        people: DEMO_PEOPLE_SOURCE,
      });
    } finally {
      named.close();
    }
  });

  it('without a dashboard or demo, / and /config.json are 404', async () => {
    const plain = startTestServer({ orders: 0 });
    try {
      expect((await plain.get('/config.json', { key: null })).status).toBe(404);
      expect((await plain.get('/', { key: null })).status).toBe(404);
    } finally {
      plain.close();
    }
  });
});
