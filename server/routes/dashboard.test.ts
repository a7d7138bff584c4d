import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server';

const dist = mkdtempSync(join(tmpdir(), 'wds-dist-'));
let server: TestServer;
let demo: TestServer;

beforeAll(() => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Workspace Browser</title>');
  writeFileSync(join(dist, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
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
    expect(csp).toContain("connect-src 'self' https://api.example.com");
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
      title: 'Demo workspace',
      demoKey: 'svc_live_demo_for_test',
    });
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
