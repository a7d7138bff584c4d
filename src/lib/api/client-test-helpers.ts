/** What the API client's tests share: a key, a service, a fetch that answers by path. */
import { expect, vi } from 'vitest';
import { ApiError } from './errors';
import type { Connection } from './types';

export const API_KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
export const SERVICE = 'https://data.example.com';
export const connection: Connection = { serviceUrl: `${SERVICE}/`, apiKey: API_KEY };

export type Reply = {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
};

/** A fetch that answers by path (query stripped) and records every request it saw. */
export function stubFetch(routes: Record<string, Reply | ((url: URL) => Reply)>) {
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

/** The error a call rejects with: an ApiError whose message never holds the key. */
export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).not.toContain(API_KEY);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

/** A table as the service sends it. */
export const table = {
  id: 't1',
  alias_id: 'tbl_1',
  name: 'Customers',
  description: null,
  project_id: 'p1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
