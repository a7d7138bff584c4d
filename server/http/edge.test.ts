import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../seed/demo-seed';
import { startTestServer, type TestServer } from '../testing/test-server';
import { createNodeServer } from './node-server';

// Over a real socket, as main.ts serves: the node adapter writes responses differently from
// app.request() (edge.ts writes headers straight into the objects it sends).
let server: TestServer;
let restricted: TestServer;
const listening: Server[] = [];

async function listen(app: TestServer): Promise<string> {
  const http = createNodeServer(app.app.fetch);
  listening.push(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

let baseUrl: string;
let restrictedUrl: string;

beforeAll(async () => {
  server = startTestServer({ orders: 50 });
  restricted = startTestServer({
    orders: 5,
    config: { corsOrigins: ['https://app.example.com'] },
  });
  baseUrl = await listen(server);
  restrictedUrl = await listen(restricted);
});
afterAll(async () => {
  await Promise.all(
    listening.map((http) => new Promise((resolve) => http.close(() => resolve(null)))),
  );
  server.close();
  restricted.close();
});

describe('responses over HTTP', () => {
  it('a records page carries its length, type, request id, rate limit and CORS headers', async () => {
    const response = await fetch(
      `${baseUrl}/api/public/v1/tables/${TABLE_IDS.orders}/records?limit=20&sort=amount:desc`,
      {
        headers: {
          Authorization: `Bearer ${server.acmeKey}`,
          Origin: 'https://x.example',
          // fetch() would otherwise ask for (and decode) a compressed reply: compression.test.ts
          'Accept-Encoding': 'identity',
        },
      },
    );
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('Content-Length')).toBe(String(body.length));
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('X-Request-Id')).toMatch(/^req_/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('RateLimit-Remaining');
    expect(response.headers.get('RateLimit-Limit')).not.toBeNull();
    expect(response.headers.get('RateLimit-Remaining')).not.toBeNull();
    const page = JSON.parse(body.toString('utf8')) as { records: unknown[]; next_cursor: string };
    expect(page.records).toHaveLength(20);
    expect(typeof page.next_cursor).toBe('string');
  });

  it('an error carries the same request id and CORS headers, and its challenge', async () => {
    const response = await fetch(`${baseUrl}/api/public/v1/tables`, {
      headers: { Origin: 'https://x.example' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const requestId = response.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^req_/);
    const body = (await response.json()) as { error: { request_id: string } };
    expect(body.error.request_id).toBe(requestId);
  });

  it('with named CORS origins: Vary: Origin on every answer, the origin echoed only when allowed', async () => {
    const url = `${restrictedUrl}/api/public/v1/tables`;
    const headers = { Authorization: `Bearer ${restricted.acmeKey}` };
    const allowed = await fetch(url, {
      headers: { ...headers, Origin: 'https://app.example.com' },
    });
    expect(allowed.headers.get('Vary')).toBe('Accept-Encoding, Origin');
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.com');
    const other = await fetch(url, { headers: { ...headers, Origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('Vary')).toBe('Accept-Encoding, Origin');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
