import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerConfig } from '../config';
import { createProxyApp } from '../routes/proxy';
import { TABLE_IDS } from '../seed/demo-seed';
import { type RawReply, rawRequest as rawRequestTo } from '../testing/raw-request';
import { startTestServer, type TestServer } from '../testing/test-server';
import { acceptedEncodings, compressBody, compressReplies, replyEncodingFor } from './compression';
import type { AppEnv } from './context';
import { createNodeServer } from './node-server';

// Over a real socket, as main.ts serves (the node adapter's own Response), read with
// node:http so the bytes on the wire are seen as they are, not decoded by fetch().
let server: TestServer;
let http: Server;
let port: number;

/** `path` on the test server, its reply's bytes as they came over the wire. */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawReply> {
  return rawRequestTo({ host: '127.0.0.1', port, path }, headers, method);
}

const firstPage = `/api/public/v1/tables/${TABLE_IDS.orders}/records?limit=100`;

beforeAll(async () => {
  server = startTestServer({ orders: 150 });
  http = createNodeServer(server.app.fetch);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => http.close(() => resolve(null)));
  server.close();
});

describe('compressed API replies', () => {
  const auth = () => ({ Authorization: `Bearer ${server.acmeKey}` });

  it('sends a records page as Brotli when the client takes it: the same JSON, fewer bytes, the right length', async () => {
    const plain = await rawRequest(firstPage, { ...auth(), 'Accept-Encoding': 'identity' });
    const brotli = await rawRequest(firstPage, {
      ...auth(),
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.headers.vary).toBe('Accept-Encoding');

    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBe(String(brotli.body.length));
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    const decoded = brotliDecompressSync(brotli.body).toString('utf8');
    const page = JSON.parse(decoded) as { records: { id: string }[]; next_cursor: string };
    const plainPage = JSON.parse(plain.body.toString('utf8')) as typeof page;
    expect(page.records.map((record) => record.id)).toEqual(
      plainPage.records.map((record) => record.id),
    );
    // The cursor is signed per request binding, not per encoding: it works either way.
    expect(page.next_cursor).toBe(plainPage.next_cursor);
    // Every header the contract asks for is still there, on the compressed reply too.
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.headers['x-request-id']).toMatch(/^req_/);
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
    expect(brotli.headers['access-control-allow-origin']).toBe('*');
    expect(brotli.headers['ratelimit-remaining']).toBeDefined();
  });

  it('falls back to gzip, honours q=0, and sends identity when nothing it makes is accepted', async () => {
    const gzip = await rawRequest(firstPage, { ...auth(), 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(String(gzip.body.length));
    const records = (text: string) => (JSON.parse(text) as { records: unknown[] }).records;
    expect(records(gunzipSync(gzip.body).toString('utf8'))).toHaveLength(100);

    const refused = await rawRequest(firstPage, { ...auth(), 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    for (const acceptEncoding of [undefined, 'deflate', 'identity', '*;q=0']) {
      const headers: Record<string, string> = auth();
      if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
      const reply = await rawRequest(firstPage, headers);
      expect(reply.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(reply.headers.vary, acceptEncoding).toBe('Accept-Encoding');
      expect(records(reply.body.toString('utf8')), acceptEncoding).toHaveLength(100);
    }
  });

  it('leaves small replies, errors and HEAD as they are', async () => {
    const small = await rawRequest(`/api/public/v1/tables/${TABLE_IDS.orders}/records?limit=1`, {
      ...auth(),
      'Accept-Encoding': 'br',
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toHaveProperty('records');

    const unauthorized = await rawRequest(firstPage, { 'Accept-Encoding': 'br' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unauthorized.body.toString('utf8'))).toHaveProperty('error.code');

    const badSort = await rawRequest(`${firstPage}&sort=nope:asc`, {
      ...auth(),
      'Accept-Encoding': 'br',
    });
    expect(badSort.status).toBe(400);
    expect(badSort.headers['content-encoding']).toBeUndefined();

    const head = await rawRequest(firstPage, { ...auth(), 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers.vary).toBe('Accept-Encoding');
    expect(head.body.length).toBe(0);
  });

  it('compresses the other lists and the OpenAPI document too', async () => {
    for (const path of ['/api/public/v1/skills?limit=50', '/api/public/v1/openapi.json']) {
      const reply = await rawRequest(path, { ...auth(), 'Accept-Encoding': 'br' });
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-encoding'], path).toBe('br');
      expect(() => JSON.parse(brotliDecompressSync(reply.body).toString('utf8'))).not.toThrow();
    }
  });
});

describe('--proxy compresses what the upstream sent', () => {
  const upstreamBody = JSON.stringify({
    records: Array.from({ length: 60 }, (_, index) => ({ id: `r${index}`, name: 'x'.repeat(40) })),
    next_cursor: null,
  });

  function proxyOf(body: () => ReadableStream<Uint8Array>) {
    return createProxyApp({
      upstream: 'https://upstream.example.com',
      config: defaultServerConfig({ logRequests: false }),
      fetchUpstream: async () =>
        new Response(body(), {
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
        }),
    });
  }

  function streamOf(...chunks: (string | Error)[]): ReadableStream<Uint8Array> {
    let index = 0;
    return new ReadableStream({
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk === undefined) controller.close();
        else if (chunk instanceof Error) controller.error(chunk);
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
  }

  it('a streamed upstream page comes out Brotli with its length and Vary', async () => {
    const half = Math.floor(upstreamBody.length / 2);
    const app = proxyOf(() => streamOf(upstreamBody.slice(0, half), upstreamBody.slice(half)));
    const response = await app.request('/api/public/v1/tables/t/records', {
      headers: { Authorization: 'Bearer x', 'Accept-Encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(upstreamBody);
  });

  it('an upstream reply that breaks off is an error, never a cut page sent compressed as whole', async () => {
    const app = proxyOf(() => streamOf(upstreamBody.slice(0, 500), new Error('socket hang up')));
    const response = await app.request('/api/public/v1/tables/t/records', {
      headers: { Authorization: 'Bearer x', 'Accept-Encoding': 'br' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('internal_error');
  });
});

describe('a streamed body larger than the buffer limit', () => {
  it('goes out whole and uncompressed, still varying on Accept-Encoding', async () => {
    const text = JSON.stringify({ items: 'y'.repeat(5_000) });
    const app = new Hono<AppEnv>();
    app.use('*', compressReplies({ streamMaxBytes: 1_000 }));
    app.get('/big', () => {
      const bytes = new TextEncoder().encode(text);
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.subarray(offset, offset + 700));
          offset += 700;
        },
      });
      return new Response(stream, { headers: { 'Content-Type': 'application/json' } });
    });
    const response = await app.request('/big', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(text);
  });
});

describe('encoding choice and one-shot compression', () => {
  it('reads Accept-Encoding as browsers and proxies write it', () => {
    expect(replyEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(replyEncodingFor('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(replyEncodingFor('GZIP')).toBe('gzip');
    expect(replyEncodingFor('br;q=0, *')).toBe('gzip');
    expect(replyEncodingFor('*')).toBe('br');
    expect(replyEncodingFor('identity')).toBeNull();
    expect(replyEncodingFor('')).toBeNull();
    expect(replyEncodingFor(undefined)).toBeNull();
    expect([...acceptedEncodings('br;q=0.0, gzip;q=0.3')]).toEqual(['gzip']);
  });

  it('round-trips bodies past the event-loop size on the thread pool', async () => {
    const big = Buffer.from(JSON.stringify({ text: 'abc'.repeat(500_000) }));
    const settings = {
      minBytes: 1024,
      brotliQuality: 1,
      gzipLevel: 1,
      syncMaxBytes: 1024,
      streamMaxBytes: 8 * 1024 * 1024,
    };
    expect(brotliDecompressSync(await compressBody(big, 'br', settings)).equals(big)).toBe(true);
    expect(gunzipSync(await compressBody(big, 'gzip', settings)).equals(big)).toBe(true);
  });
});
