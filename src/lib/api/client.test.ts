import { describe, expect, it, vi } from 'vitest';
import { createApiClient, keyFingerprint, looksLikeLiveKey, recordQueryParameters } from './client';
import { ApiError } from './errors';
import type { Connection } from './types';

const API_KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
const SERVICE = 'https://data.example.com';
const connection: Connection = { serviceUrl: `${SERVICE}/`, apiKey: API_KEY };

type Reply = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> };

/** A fetch that answers by path (query stripped) and records every request it saw. */
function stubFetch(routes: Record<string, Reply | ((url: URL) => Reply)>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const parsed = new URL(url, 'http://localhost');
    const route = routes[parsed.pathname];
    if (!route) return new Response('Not Found', { status: 404 });
    const reply = typeof route === 'function' ? route(parsed) : route;
    const text = reply.text ?? JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status ?? 200,
      headers: {
        'Content-Type': reply.text === undefined ? 'application/json' : 'text/plain',
        ...reply.headers,
      },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).not.toContain(API_KEY);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

const table = {
  id: 't1',
  alias_id: 'tbl_1',
  name: 'Customers',
  description: null,
  project_id: 'p1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};

describe('requests', () => {
  it('sends the key as a Bearer header to the configured service only, never in the URL', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables': { body: { tables: [], next_cursor: null } },
    });
    await createApiClient(connection, { fetch }).listTables({ limit: 1 });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`${SERVICE}/api/public/v1/tables?limit=1`);
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe(`Bearer ${API_KEY}`);
    expect(call?.init?.credentials).toBe('omit');
    expect(call?.init?.redirect).toBe('manual');
  });

  it('uses relative paths when the service is the same origin', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables': { body: { tables: [] } },
    });
    await createApiClient({ serviceUrl: '', apiKey: API_KEY }, { fetch }).listTables();
    expect(calls[0]?.url).toBe('/api/public/v1/tables');
  });

  it('encodes hostile column names in sort and filter so the server reads them back exactly', async () => {
    const hostile = 'a b[c]&d=e/名前?#%';
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables/t%2F1/records': { body: { records: [] } },
    });
    await createApiClient(connection, { fetch }).listRecords(
      't/1',
      {
        sort: { column: hostile, direction: 'desc' },
        filters: { [hostile]: 'x&y=z +1', plain: '' },
      },
      { limit: 50, cursor: 'c+/=' },
    );
    const url = new URL(calls[0]?.url ?? '');
    expect(url.pathname).toBe('/api/public/v1/tables/t%2F1/records');
    expect(url.search).not.toContain(' ');
    expect(url.search).not.toContain('+');
    expect([...url.searchParams]).toEqual([
      ['limit', '50'],
      ['cursor', 'c+/='],
      ['sort', `${hostile}:desc`],
      [`filter[${hostile}]`, 'x&y=z +1'],
      ['filter[plain]', ''],
    ]);
  });

  it('builds record parameters in a stable order without a cursor on the first page', () => {
    expect(recordQueryParameters({ sort: null, filters: {} }, { cursor: null })).toEqual([]);
  });
});

describe('tolerated list shapes', () => {
  const shapes: [string, unknown][] = [
    ['named after the resource', { tables: [table], next_cursor: 'n' }],
    ['data', { data: [table], next_cursor: 'n' }],
    ['items', { items: [table], nextCursor: 'n' }],
    ['results', { results: [table], next_cursor: 'n' }],
    ['the only array-valued property', { rows: [table], total: 1, next_cursor: 'n' }],
  ];
  it.each(shapes)('reads the items when they are %s', async (_label, body) => {
    const { fetch } = stubFetch({ '/api/public/v1/tables': { body } });
    const page = await createApiClient(connection, { fetch }).listTables();
    expect(page).toEqual({
      items: [
        {
          id: 't1',
          aliasId: 'tbl_1',
          name: 'Customers',
          description: null,
          projectId: 'p1',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
        },
      ],
      nextCursor: 'n',
    });
  });

  it.each([
    ['absent', { tables: [] }],
    ['empty', { tables: [], next_cursor: '' }],
    ['null', { tables: [], next_cursor: null }],
  ])('treats a next_cursor that is %s as the end of the list', async (_label, body) => {
    const { fetch } = stubFetch({ '/api/public/v1/tables': { body } });
    expect((await createApiClient(connection, { fetch }).listTables()).nextCursor).toBeNull();
  });

  it('refuses a list with no recognisable array as not a Workspace Data Service', async () => {
    const { fetch } = stubFetch({ '/api/public/v1/tables': { body: { a: [], b: [] } } });
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.kind).toBe('not_a_service');
  });

  it('refuses a 200 that is not JSON as not a Workspace Data Service', async () => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables': { text: '<!doctype html><title>My blog</title>' },
    });
    const error = await rejectionOf(createApiClient(connection, { fetch }).listTables());
    expect(error.kind).toBe('not_a_service');
    expect(error.message).toMatch(/not like a Workspace Data Service/);
  });
});

describe('records', () => {
  it.each([
    ['fields', { id: 'r1', fields: { Name: 'Ada' }, created_at: 'c', updated_at: 'u' }],
    ['values', { id: 'r1', values: { Name: 'Ada' }, created_at: 'c', updated_at: 'u' }],
    ['data', { id: 'r1', data: { Name: 'Ada' }, createdAt: 'c', updatedAt: 'u' }],
    ['flat beside id', { id: 'r1', Name: 'Ada', created_at: 'c', updated_at: 'u' }],
  ])('reads columns under %s', async (_label, record) => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables/t1/records': { body: { records: [record], next_cursor: null } },
    });
    const page = await createApiClient(connection, { fetch }).listRecords('t1', {
      sort: null,
      filters: {},
    });
    expect(page.items).toEqual([
      { id: 'r1', fields: { Name: 'Ada' }, createdAt: 'c', updatedAt: 'u' },
    ]);
  });
});

describe('getTable', () => {
  it('normalizes columns in their order', async () => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables/t1': {
        body: {
          ...table,
          columns: [
            { id: 'c2', name: 'Age', type: 'number', order_index: 2, required: false },
            {
              id: 'c1',
              name: 'Name',
              type: 'TEXT',
              settings: { max: 3 },
              order_index: 1,
              required: true,
              is_primary: true,
              description: 'Who',
            },
            { id: 'c3', name: 'Odd', type: 'SPARKLE', order_index: 3 },
          ],
        },
      },
    });
    const detail = await createApiClient(connection, { fetch }).getTable('t1');
    expect(detail.name).toBe('Customers');
    expect(detail.columns).toEqual([
      {
        id: 'c1',
        name: 'Name',
        description: 'Who',
        type: 'TEXT',
        settings: { max: 3 },
        orderIndex: 1,
        required: true,
        isPrimary: true,
        inferred: false,
      },
      expect.objectContaining({ name: 'Age', type: 'NUMBER', isPrimary: false }),
      expect.objectContaining({ name: 'Odd', type: 'UNKNOWN' }),
    ]);
  });

  it('resolves columns: null when the table comes without columns', async () => {
    const { fetch } = stubFetch({ '/api/public/v1/tables/t1': { body: { data: table } } });
    const detail = await createApiClient(connection, { fetch }).getTable('t1');
    expect(detail).toMatchObject({ id: 't1', name: 'Customers', columns: null });
  });

  it.each([
    ['a non-contract 404', { status: 404, text: 'Cannot GET /api/public/v1/tables/t1' }],
    ['405', { status: 405, body: { message: 'Method Not Allowed' } }],
    ['501', { status: 501, body: {} }],
  ])('falls back to the list when the service answers %s', async (_label, reply) => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables/t1': reply,
      '/api/public/v1/tables': (url) =>
        url.searchParams.get('cursor')
          ? { body: { tables: [table], next_cursor: null } }
          : { body: { tables: [{ ...table, id: 'other' }], next_cursor: 'p2' } },
    });
    const detail = await createApiClient(connection, { fetch }).getTable('t1');
    expect(detail).toMatchObject({ id: 't1', name: 'Customers', columns: null });
  });

  it('rejects with a 404 when the contract body says the table is not found', async () => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables/nope': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No table with this id.' } },
      },
    });
    const error = await rejectionOf(createApiClient(connection, { fetch }).getTable('nope'));
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'No table with this id.',
    });
  });
});

describe('views and one record', () => {
  it('reads saved views; a view of another type or without an id is left out', async () => {
    const { fetch } = stubFetch({
      '/api/public/v1/tables/t1': {
        body: {
          ...table,
          columns: [],
          views: [
            {
              id: 'v1',
              name: 'Paid, biggest first',
              view_type: 'grid',
              is_default: false,
              settings: {
                columns: ['order_no', 7, 'amount'],
                widths: { amount: 140, bad: -1, worse: 'wide' },
                sort: 'amount:DESC',
                filters: { status: 'paid', paid: true, odd: { x: 1 } },
              },
            },
            { id: 'v2', name: 'Board', view_type: 'kanban', settings: {} },
            { name: 'No id', view_type: 'grid' },
            { id: 'v3', name: 'Bare', is_default: true },
          ],
        },
      },
    });
    const detail = await createApiClient(connection, { fetch }).getTable('t1');
    expect(detail.views).toEqual([
      {
        id: 'v1',
        name: 'Paid, biggest first',
        isDefault: false,
        columns: ['order_no', 'amount'],
        widths: { amount: 140 },
        sort: { column: 'amount', direction: 'desc' },
        filters: { status: 'paid', paid: 'true' },
      },
      { id: 'v3', name: 'Bare', isDefault: true, columns: [], widths: {}, sort: null, filters: {} },
    ]);
  });

  it('sends view=<id> before sort and filters', () => {
    expect(
      recordQueryParameters({ view: 'v1', sort: { column: 'a', direction: 'asc' }, filters: {} }),
    ).toEqual([
      ['view', 'v1'],
      ['sort', 'a:asc'],
    ]);
  });

  it('getRecord reads one record, and a contract 404 rejects', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables/t%201/records/r1': {
        body: { id: 'r1', fields: { name: 'Ada' }, created_at: 'c', updated_at: 'u' },
      },
      '/api/public/v1/tables/t1/records/gone': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No such record.' } },
      },
    });
    const client = createApiClient(connection, { fetch });
    expect(await client.getRecord('t 1', 'r1')).toEqual({
      id: 'r1',
      fields: { name: 'Ada' },
      createdAt: 'c',
      updatedAt: 'u',
    });
    expect(calls[0]?.url).toBe(`${SERVICE}/api/public/v1/tables/t%201/records/r1`);
    const error = await rejectionOf(client.getRecord('t1', 'gone'));
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('skills', () => {
  const skill = {
    id: 's1',
    alias_id: 'sk_1',
    name: 'Triage',
    description: 'd',
    created_at: 'c',
    updated_at: 'u',
  };

  it('finds the skills path that answers and remembers it', async () => {
    const { fetch, calls } = stubFetch({
      '/v1/skills': { body: { skills: [skill], next_cursor: null } },
      '/v1/skills/s1': {
        body: {
          ...skill,
          content_text: '# Hi',
          linked_entities: [{ type: 'table', id: 't1', label: 'Customers' }, 'junk'],
        },
      },
    });
    const client = createApiClient(connection, { fetch });
    const page = await client.listSkills();
    expect(page.items[0]?.name).toBe('Triage');
    const detail = await client.getSkill('s1');
    expect(detail).toMatchObject({
      contentText: '# Hi',
      linkedEntities: [{ type: 'table', id: 't1', label: 'Customers' }],
    });
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
      '/api/public/v1/skills',
      '/v1/skills',
      '/v1/skills/s1',
    ]);
  });

  it('uses the configured skills path without probing', async () => {
    const { fetch, calls } = stubFetch({ '/v1/skills': { body: { data: [skill] } } });
    await createApiClient({ ...connection, skillsPath: '/v1' }, { fetch }).listSkills();
    expect(calls).toHaveLength(1);
  });

  it('rejects a missing skill with the contract 404 rather than probing further', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/skills/nope': {
        status: 404,
        body: { error: { code: 'not_found', message: 'No skill with this id.' } },
      },
    });
    const error = await rejectionOf(createApiClient(connection, { fetch }).getSkill('nope'));
    expect(error.status).toBe(404);
    expect(calls).toHaveLength(1);
  });
});

describe('canRead', () => {
  const forbidden = (scope: string): Reply => ({
    status: 403,
    body: { error: { code: 'forbidden', details: { reason: 'insufficient_scope', scope } } },
  });

  it('asks each list for one item: yes when it answers, no on a 403 or a list the service lacks', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables': forbidden('tables:read'),
      '/api/public/v1/skills': { body: { skills: [], next_cursor: null } },
      '/api/public/v1/tasks': { body: { tasks: [], next_cursor: null } },
      '/api/public/v1/pages': forbidden('pages:read'),
      // No projects list at all (404 without the contract's not_found): nothing to read.
    });
    const client = createApiClient(connection, { fetch });
    expect(await client.canRead('tables:read')).toBe(false);
    expect(await client.canRead('skills:read')).toBe(true);
    expect(await client.canRead('tasks:read')).toBe(true);
    expect(await client.canRead('pages:read')).toBe(false);
    expect(await client.canRead('projects:read')).toBe(false);
    expect(calls.map((call) => call.url)).toContain(`${SERVICE}/api/public/v1/tasks?limit=1`);
  });

  it('rejects for a rejected key, and when the address has no tables list', async () => {
    const unauthorized = stubFetch({ '/api/public/v1/skills': { status: 401, body: {} } });
    expect(
      (await rejectionOf(createApiClient(connection, unauthorized).canRead('skills:read'))).status,
    ).toBe(401);
    const notAService = stubFetch({});
    expect(
      (await rejectionOf(createApiClient(connection, notAService).canRead('tables:read'))).status,
    ).toBe(404);
  });
});

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
