import { describe, expect, it } from 'vitest';
import { createApiClient, recordQueryParameters } from './client';
import {
  API_KEY,
  connection,
  type Reply,
  rejectionOf,
  SERVICE,
  stubFetch,
  table,
} from './client-test-helpers';

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
