import { keys } from './fixtures';

/**
 * The reference server's API, asked directly with the full key: what a test compares the
 * screen against ("the first rows sorted by amount are these"), so no expectation is
 * copied from the seed by hand.
 */

export interface ApiRecord {
  id: string;
  fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface ApiColumn {
  id: string;
  name: string;
  type: string;
  settings?: Record<string, unknown> | null;
}

export interface ApiTable {
  id: string;
  name: string;
  columns?: ApiColumn[];
}

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  return url;
}

export async function apiGet<T>(
  path: string,
  params: Record<string, string> = {},
  apiKey: string = keys.full,
): Promise<T> {
  const url = new URL(path, baseUrl());
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${apiKey}` } });
  if (!response.ok) {
    throw new Error(`GET ${url.pathname} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

let tablesCache: Promise<ApiTable[]> | null = null;

/** Every table of the acme workspace (one page holds them all). */
export function listTables(): Promise<ApiTable[]> {
  tablesCache ??= apiGet<{ tables: ApiTable[] }>('/api/public/v1/tables', { limit: '100' }).then(
    (body) => body.tables,
  );
  return tablesCache;
}

/** The table with this exact name, with its columns. */
export async function tableNamed(name: string): Promise<Required<ApiTable>> {
  const summary = (await listTables()).find((table) => table.name === name);
  if (!summary) throw new Error(`The demo seed has no table named ${JSON.stringify(name)}`);
  return apiGet<Required<ApiTable>>(`/api/public/v1/tables/${summary.id}`);
}

export interface RecordView {
  sort?: string;
  filters?: Record<string, string>;
  limit?: number;
}

/** One page of records for a view, as the API returns it. */
export async function listRecords(
  tableId: string,
  view: RecordView = {},
): Promise<{ records: ApiRecord[]; next_cursor: string | null }> {
  const params: Record<string, string> = { limit: String(view.limit ?? 100) };
  if (view.sort) params.sort = view.sort;
  for (const [column, value] of Object.entries(view.filters ?? {})) {
    params[`filter[${column}]`] = value;
  }
  return apiGet(`/api/public/v1/tables/${tableId}/records`, params);
}

/** Every record of a view, following next_cursor to the end. */
export function allRecords(tableId: string, view: RecordView = {}): Promise<ApiRecord[]> {
  return firstRecords(tableId, Number.POSITIVE_INFINITY, view);
}

/** The first `count` records of a view (or all, if fewer), following next_cursor. */
export async function firstRecords(
  tableId: string,
  count: number,
  view: RecordView = {},
): Promise<ApiRecord[]> {
  const params: Record<string, string> = { limit: '500' };
  if (view.sort) params.sort = view.sort;
  for (const [column, value] of Object.entries(view.filters ?? {})) {
    params[`filter[${column}]`] = value;
  }
  const records: ApiRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: { records: ApiRecord[]; next_cursor: string | null } = await apiGet(
      `/api/public/v1/tables/${tableId}/records`,
      cursor ? { ...params, cursor } : params,
    );
    records.push(...page.records);
    cursor = page.next_cursor;
  } while (cursor !== null && records.length < count);
  return records;
}

export interface ApiSkill {
  id: string;
  name: string;
  description: string | null;
  content_text?: string | null;
}

/** Every skill the key's workspace has, in the API's order. */
export async function allSkills(apiKey: string = keys.full): Promise<ApiSkill[]> {
  const skills: ApiSkill[] = [];
  let cursor: string | null = null;
  do {
    const page: { skills: ApiSkill[]; next_cursor: string | null } = await apiGet(
      '/api/public/v1/skills',
      cursor ? { limit: '200', cursor } : { limit: '200' },
      apiKey,
    );
    skills.push(...page.skills);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return skills;
}

export function skillDetail(id: string): Promise<Required<ApiSkill>> {
  return apiGet(`/api/public/v1/skills/${id}`);
}
