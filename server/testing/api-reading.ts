import { TABLE_IDS } from '../seed/demo-seed';
import type { TestServer } from './test-server';

/** What the API tests read the same way: the lists to their end, an item's detail. */

export const V1 = '/api/public/v1';
/** The demo's Orders table, the one most tests read. */
export const ORDERS = `${V1}/tables/${TABLE_IDS.orders}`;
/** A time as the API sends it: ISO 8601, UTC, with milliseconds. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** An id as the API sends it: a UUID in lower case. */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every list path with the scope it needs and the array name of its envelope. */
export const LISTS = [
  { path: `${V1}/tables`, scope: 'tables:read', array: 'tables', max: 100 },
  {
    path: `${V1}/tables/${TABLE_IDS.orders}/records`,
    scope: 'tables:read',
    array: 'records',
    max: 500,
  },
  { path: '/v1/skills', scope: 'skills:read', array: 'skills', max: 200 },
  { path: `${V1}/skills`, scope: 'skills:read', array: 'skills', max: 200 },
  { path: `${V1}/tasks`, scope: 'tasks:read', array: 'tasks', max: 200 },
  { path: `${V1}/pages`, scope: 'pages:read', array: 'pages', max: 200 },
  { path: `${V1}/projects`, scope: 'projects:read', array: 'projects', max: 200 },
] as const;

/** Every item of a list, following next_cursor to the end. */
export async function allItems(
  server: TestServer,
  path: string,
  array: string,
  key?: string,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const join = path.includes('?') ? '&' : '?';
    const url: string = `${path}${join}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = (await (await server.get(url, { key })).json()) as Record<string, unknown>;
    items.push(...(body[array] as Record<string, unknown>[]));
    cursor = body.next_cursor as string | null;
  } while (cursor !== null);
  return items;
}

export async function detailOf(server: TestServer, path: string): Promise<Record<string, unknown>> {
  return (await (await server.get(path)).json()) as Record<string, unknown>;
}
