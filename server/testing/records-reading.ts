import { expect } from 'vitest';
import { errorOf, type TestServer } from './test-server';

/** Reading a table's records the way the records tests do: a page, every page, a 400. */

export interface RecordJson {
  id: string;
  fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}
export interface RecordsPage {
  records: RecordJson[];
  next_cursor: string | null;
}

export const recordsPath = (tableId: string) => `/api/public/v1/tables/${tableId}/records`;
export const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function recordsReader(server: TestServer) {
  async function page(tableId: string, query: string): Promise<RecordsPage> {
    const response = await server.get(`${recordsPath(tableId)}?${query}`);
    expect(response.status, `${query}: ${response.status}`).toBe(200);
    return (await response.json()) as RecordsPage;
  }

  /** Every record of a list, following next_cursor with a small limit. */
  async function all(
    tableId: string,
    params: Record<string, string>,
    limit = 4,
  ): Promise<RecordJson[]> {
    const out: RecordJson[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { ...params, limit: String(limit) };
      if (cursor) query.cursor = cursor;
      const body = await page(tableId, q(query));
      out.push(...body.records);
      cursor = body.next_cursor;
    } while (cursor !== null);
    return out;
  }

  async function badRequestOf(tableId: string, query: string) {
    const response = await server.get(`${recordsPath(tableId)}?${query}`);
    expect(response.status, query).toBe(400);
    return errorOf(response);
  }

  return { page, all, badRequestOf };
}
