import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { startEarlyRequests } from './early-responses';
import type { Connection } from './types';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
const connection: Connection = {
  serviceUrl: 'https://data.example.com/',
  apiKey: KEY,
  skillsPath: null,
};

const table = {
  id: 'tbl-orders',
  name: 'Orders',
  columns: [{ id: 'c1', name: 'name', type: 'TEXT' }],
};
const recordsPage = {
  records: [{ id: 'r1', fields: { name: 'Order 1' } }],
  next_cursor: 'c2',
};
const skill = { id: 's 1', name: 'Inbox triage', content_text: 'Read every message.' };

/** A service that answers by path, and records every request the network got. */
function fakeService() {
  const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, init });
    const path = new URL(url).pathname;
    const body = path.endsWith('/records')
      ? recordsPage
      : path.includes('/skills/')
        ? skill
        : path.startsWith('/api/public/v1/tables/')
          ? table
          : { error: { code: 'not_found', message: 'No such thing.' } };
    return new Response(JSON.stringify(body), {
      status: 'error' in body ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

describe('the first screen’s requests, sent before the app’s code is in', () => {
  it('go out at once, as the client would send them, with the key in the header only', () => {
    const service = fakeService();

    startEarlyRequests(
      connection,
      [
        { kind: 'table', tableId: 'tbl-orders' },
        {
          kind: 'records',
          tableId: 'tbl-orders',
          query: { sort: { column: 'name', direction: 'desc' }, filters: { 'first name': 'A&B' } },
          limit: 100,
        },
        { kind: 'skill', skillId: 's 1' },
      ],
      service.fetch,
    );

    expect(service.requests.map((request) => request.url)).toEqual([
      'https://data.example.com/api/public/v1/tables/tbl-orders',
      'https://data.example.com/api/public/v1/tables/tbl-orders/records?limit=100&sort=name%3Adesc&filter%5Bfirst%20name%5D=A%26B',
      'https://data.example.com/api/public/v1/skills/s%201',
    ]);
    for (const { url, init } of service.requests) {
      expect(url).not.toContain(KEY);
      expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${KEY}`);
      expect(init).toMatchObject({ credentials: 'omit', redirect: 'manual', cache: 'no-store' });
    }
  });

  it('are taken by the client for that connection: it reads their replies and asks nothing again', async () => {
    const service = fakeService();
    const early = startEarlyRequests(
      connection,
      [
        { kind: 'table', tableId: 'tbl-orders' },
        { kind: 'records', tableId: 'tbl-orders', query: { sort: null, filters: {} }, limit: 100 },
      ],
      service.fetch,
    );
    const client = createApiClient(connection, { fetch: early.fetch });

    const [detail, page] = await Promise.all([
      client.getTable('tbl-orders'),
      client.listRecords('tbl-orders', { sort: null, filters: {} }, { cursor: null, limit: 100 }),
    ]);

    expect(detail.name).toBe('Orders');
    expect(page.items.map((record) => record.id)).toEqual(['r1']);
    expect(page.nextCursor).toBe('c2');
    expect(service.requests).toHaveLength(2);
  });

  it('hand each reply over once: a second ask, or another request, goes to the network', async () => {
    const service = fakeService();
    const early = startEarlyRequests(
      connection,
      [{ kind: 'table', tableId: 'tbl-orders' }],
      service.fetch,
    );
    const client = createApiClient(connection, { fetch: early.fetch });

    await client.getTable('tbl-orders');
    await client.getTable('tbl-orders');
    await client.listRecords('tbl-orders', { sort: null, filters: {} }, { cursor: 'c2' });

    expect(service.requests.map((request) => request.url)).toEqual([
      'https://data.example.com/api/public/v1/tables/tbl-orders',
      'https://data.example.com/api/public/v1/tables/tbl-orders',
      'https://data.example.com/api/public/v1/tables/tbl-orders/records?cursor=c2',
    ]);
  });

  it('are not handed to a request with another key', async () => {
    const service = fakeService();
    const early = startEarlyRequests(
      connection,
      [{ kind: 'table', tableId: 'tbl-orders' }],
      service.fetch,
    );
    const other = createApiClient(
      { ...connection, apiKey: 'svc_live_another_key_0000000000000000000000000000000' },
      { fetch: early.fetch },
    );

    await other.getTable('tbl-orders');

    expect(service.requests).toHaveLength(2);
  });

  it('ask the skills path the client tries first, or the one the connection knows', () => {
    const service = fakeService();
    startEarlyRequests(
      { ...connection, skillsPath: '/v1' },
      [{ kind: 'skill', skillId: 's1' }],
      service.fetch,
    );
    expect(service.requests[0]?.url).toBe('https://data.example.com/v1/skills/s1');
  });

  it('are cancelled when the client that took one cancels it', async () => {
    let sentSignal: AbortSignal | null | undefined;
    const neverAnswers = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      sentSignal = init?.signal;
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    });
    const early = startEarlyRequests(
      connection,
      [{ kind: 'table', tableId: 'tbl-orders' }],
      neverAnswers as unknown as typeof fetch,
    );
    const client = createApiClient(connection, { fetch: early.fetch });
    const controller = new AbortController();

    const asked = client.getTable('tbl-orders', { signal: controller.signal });
    controller.abort();

    await expect(asked).rejects.toMatchObject({ kind: 'aborted' });
    expect(sentSignal?.aborted).toBe(true);
    expect(neverAnswers).toHaveBeenCalledTimes(1);
  });

  it('fail quietly when nobody takes them, and as the client’s own failure when one does', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const offline = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const early = startEarlyRequests(
        connection,
        [
          { kind: 'table', tableId: 'tbl-orders' },
          { kind: 'skill', skillId: 's1' },
        ],
        offline as unknown as typeof fetch,
      );
      const client = createApiClient(connection, { fetch: early.fetch });

      const error = await client.getTable('tbl-orders').catch((failure: unknown) => failure);

      expect(error).toMatchObject({ kind: 'network' });
      expect(String((error as Error).message)).not.toContain(KEY);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
