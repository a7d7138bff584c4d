import { describe, expect, it, vi } from 'vitest';
import { createApiClient, keyFingerprint, looksLikeLiveKey } from './client';
import {
  API_KEY,
  connection,
  type Reply,
  rejectionOf,
  SERVICE,
  stubFetch,
  table,
} from './client-test-helpers';
import type { ApiError } from './errors';

describe('errors', () => {
  const path = '/api/public/v1/tables';
  async function errorFor(reply: Reply): Promise<ApiError> {
    const { fetch } = stubFetch({ [path]: reply });
    return rejectionOf(createApiClient(connection, { fetch }).listTables());
  }

  it('reads our contract body', async () => {
    const error = await errorFor({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'The cursor does not belong to this list. Start again from the first page.',
          details: { param: 'cursor', reason: 'invalid_cursor' },
          request_id: 'req_1',
        },
      },
    });
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'bad_request',
      reason: 'invalid_cursor',
      param: 'cursor',
      requestId: 'req_1',
      message: 'The cursor does not belong to this list. Start again from the first page.',
      url: `${SERVICE}${path}`,
    });
  });

  it('words a 401 as the key not being accepted', async () => {
    const error = await errorFor({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect(error.message).toMatch(/did not accept this API key/);
  });

  it('names the missing scope on a 403', async () => {
    const error = await errorFor({
      status: 403,
      body: {
        error: {
          code: 'forbidden',
          message: 'x',
          details: { reason: 'insufficient_scope', scope: 'tables:read' },
        },
      },
    });
    expect(error.scope).toBe('tables:read');
    expect(error.message).toMatch(/This key is not allowed to see tables\./);
  });

  it.each([
    [
      'RFC 9457 problem+json',
      {
        status: 400,
        body: {
          type: 'https://x/probs/bad-filter',
          title: 'Bad',
          detail: 'Filter on Age needs a number.',
        },
      },
      'Filter on Age needs a number.',
    ],
    [
      '{ message }',
      { status: 400, body: { message: 'Limit must be a number.' } },
      'Limit must be a number.',
    ],
    [
      '{ error: "…" }',
      { status: 400, body: { error: 'Sort is malformed.' } },
      'Sort is malformed.',
    ],
    ['plain text', { status: 400, text: 'Bad cursor, start over.' }, 'Bad cursor, start over.'],
    [
      'an HTML page',
      { status: 400, text: '<html><body><h1>400</h1></body></html>' },
      'The service refused the request.',
    ],
    [
      'a 5xx',
      { status: 503, text: 'upstream down', headers: { 'X-Request-Id': 'req_9' } },
      'The service ran into a problem. Try again in a moment.',
    ],
  ])('shows a readable message for %s', async (_label, reply, message) => {
    expect((await errorFor(reply)).message).toBe(message);
  });

  it('reads Retry-After as seconds', async () => {
    const error = await errorFor({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Slow down.' } },
      headers: { 'Retry-After': '7' },
    });
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toMatch(/Try again in 7 seconds/);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const error = await errorFor({
      status: 429,
      text: '',
      headers: { 'Retry-After': inTenSeconds },
    });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(8);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(10);
  });

  it('never repeats the key a service echoes back', async () => {
    const error = await errorFor({ status: 400, body: { message: `Key ${API_KEY} is odd.` } });
    expect(error.message).toBe('Key svc_live_…3f9a is odd.');
  });

  it('names the service URL when it cannot be reached, without blaming CORS', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.kind).toBe('network');
    expect(error.failure).toBe('unreachable');
    expect(error.message).toBe(
      `Could not reach ${SERVICE}. Check the address and your connection.`,
    );
  });

  it('names CORS only when a no-cors request to the same address gets through', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.failure).toBe('blocked_cors');
    expect(error.message).toMatch(/does not allow this site to read its replies \(CORS\)/);
    // The probe carries no key.
    const probe = vi.mocked(fetch).mock.calls.find(([, init]) => init?.mode === 'no-cors');
    expect(JSON.stringify(probe?.[1]?.headers ?? null)).not.toContain(API_KEY);
  });

  it('calls a connection cut mid-body a cut connection, not CORS', async () => {
    const fetch = vi.fn(async () => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"tables":[{"id":'));
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(body, { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.kind).toBe('network');
    expect(error.failure).toBe('cut');
    expect(error.message).toBe(
      `The connection to ${SERVICE} was cut before the reply was complete.`,
    );
  });

  it('tells a garbled or truncated JSON reply and a list without items from a wrong address', async () => {
    const truncated = stubFetch({ '/api/public/v1/tables': { text: '{"tables":[{"id":"t1",' } });
    const garbled = await rejectionOf(createApiClient(connection, truncated).listTables());
    expect(garbled.failure).toBe('malformed_body');
    expect(garbled.message).not.toMatch(/Check the Service URL/);

    const withoutItems = stubFetch({ '/api/public/v1/tables': { body: { next_cursor: null } } });
    const missing = await rejectionOf(createApiClient(connection, withoutItems).listTables());
    expect(missing.failure).toBe('missing_items');
  });

  it('reads the X-RateLimit headers of a 429 that has no Retry-After', async () => {
    const resetAt = Math.floor(Date.now() / 1000) + 5;
    const error = await errorFor({
      status: 429,
      text: '',
      headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetAt) },
    });
    expect(error.retryAfterSeconds).toBeNull();
    expect(error.rateLimit).toEqual({ remaining: 0, resetAt: resetAt * 1000 });
  });

  it('holds a records request while the allowance is spent, and tells whoever asked how long', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables/t1/records': {
        body: { records: [], next_cursor: null },
        // Spent, whole again in a second (the IETF draft's delta form).
        headers: { 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1' },
      },
    });
    const client = createApiClient(connection, { fetch });
    const view = { sort: null, filters: {} };
    const waits: number[] = [];
    await client.listRecords('t1', view, { onPacingWait: (ms) => waits.push(ms) });
    expect(waits).toEqual([]);
    const started = Date.now();
    await client.listRecords('t1', view, { onPacingWait: (ms) => waits.push(ms) });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(1_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(calls).toHaveLength(2);
  });

  it('asks again without a page size the service refuses, and for its default from then on', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables': (url) =>
        url.searchParams.has('limit')
          ? {
              status: 400,
              body: {
                error: {
                  code: 'bad_request',
                  message: 'limit must be at most 50',
                  details: { param: 'limit', reason: 'invalid_limit' },
                },
              },
            }
          : { body: { tables: [table], next_cursor: null } },
    });
    const client = createApiClient(connection, { fetch });
    expect((await client.listTables({ limit: 100 })).items).toHaveLength(1);
    expect((await client.listTables({ limit: 100 })).items).toHaveLength(1);
    expect(calls.map((call) => new URL(call.url).searchParams.get('limit'))).toEqual([
      '100',
      null,
      null,
    ]);
  });

  it('asks for the default page size of tasks, pages and projects once a page size was refused', async () => {
    const refused = {
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'limit must be at most 20',
          details: { param: 'limit', reason: 'invalid_limit' },
        },
      },
    };
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tasks': (url) =>
        url.searchParams.has('limit') ? refused : { body: { tasks: [], next_cursor: null } },
      '/api/public/v1/pages': (url) =>
        url.searchParams.has('limit') ? refused : { body: { pages: [], next_cursor: null } },
      '/api/public/v1/projects': (url) =>
        url.searchParams.has('limit') ? refused : { body: { projects: [], next_cursor: null } },
    });
    const client = createApiClient(connection, { fetch });
    await client.listTasks({ status: 'todo' }, { limit: 50 });
    await client.listPages({ limit: 50 });
    await client.listProjects({ limit: 50 });
    expect(
      calls.map((call) => {
        const url = new URL(call.url);
        return `${url.pathname} ${url.searchParams.get('limit')}`;
      }),
    ).toEqual([
      '/api/public/v1/tasks 50',
      '/api/public/v1/tasks null',
      '/api/public/v1/pages null',
      '/api/public/v1/projects null',
    ]);
  });

  it('reports a cancelled request as aborted', async () => {
    const fetch = vi.fn(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    }) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.kind).toBe('aborted');
  });
});

describe('keyFingerprint', () => {
  it('shows the kind of key and its last four characters only', () => {
    expect(keyFingerprint(API_KEY)).toBe('svc_live_…3f9a');
    expect(keyFingerprint('short')).toBe('…');
  });

  it('recognises live keys for the gentle warning', () => {
    expect(looksLikeLiveKey(API_KEY)).toBe(true);
    expect(looksLikeLiveKey('hunter2')).toBe(false);
  });
});
