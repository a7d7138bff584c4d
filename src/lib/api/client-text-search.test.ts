import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { API_KEY, connection, SERVICE, stubFetch } from './client-test-helpers';

/** What a find needs of the client for a service that searches text itself (decision 057). */
describe('a service’s own text search', () => {
  it('sends a text search with the parameter the service advertises, after the filters', async () => {
    const { fetch, calls } = stubFetch({
      '/api/public/v1/tables/t1/records': { body: { records: [] } },
    });
    await createApiClient(connection, { fetch }).listRecords('t1', {
      sort: null,
      filters: { status: 'paid' },
      textSearch: { parameter: 'filter[search]', text: 'Müller & Co' },
    });
    expect([...new URL(calls[0]?.url ?? '').searchParams]).toEqual([
      ['filter[status]', 'paid'],
      ['filter[search]', 'Müller & Co'],
    ]);
  });

  it('reads the service’s OpenAPI document with the key, as JSON', async () => {
    const document = { openapi: '3.1.0', paths: {} };
    const { fetch, calls } = stubFetch({ '/api/public/v1/openapi.json': { body: document } });
    expect(await createApiClient(connection, { fetch }).getServiceDocument()).toEqual(document);
    expect(calls[0]?.url).toBe(`${SERVICE}/api/public/v1/openapi.json`);
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe(`Bearer ${API_KEY}`);
  });
});
