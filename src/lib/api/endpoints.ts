/**
 * The service's paths, query strings and request options: what the API client sends, and
 * what the start-up script (./early-responses.ts) sends for the first screen before the
 * client's code is in. Kept apart from the client and free of its parsing, so the start-up
 * script stays small; one definition, so the two can never ask differently.
 */
import type { PageRequest, RecordQuery, SkillsPath, TaskFilters } from './types';

export const API_PATH = '/api/public/v1';
export const TABLES_PATH = `${API_PATH}/tables`;
/** Tables a page asks for, as the sidebar does (the contract's maximum): one cache entry for all. */
export const TABLES_PAGE_SIZE = 100;
/** Tried in this order when the runtime config doesn't say; the one that answers is remembered. */
export const SKILLS_PATH_CANDIDATES: readonly SkillsPath[] = ['/api/public/v1', '/v1'];

export type QueryParameter = readonly [name: string, value: string];

/** The whole API's OpenAPI document (the reference server's, and where services commonly put it). */
export const SERVICE_DOCUMENT_PATH = `${API_PATH}/openapi.json`;

export const tablePath = (tableId: string) => `${TABLES_PATH}/${encodeURIComponent(tableId)}`;
export const recordsPath = (tableId: string) => `${tablePath(tableId)}/records`;
export const skillPath = (base: SkillsPath, skillId: string) =>
  `${base}/skills/${encodeURIComponent(skillId)}`;

/** '' stays '' (same origin); otherwise no trailing slash, so paths can be appended. */
export function normalizeServiceUrl(serviceUrl: string): string {
  return serviceUrl.trim().replace(/\/+$/, '');
}

/**
 * Every name and value is percent-encoded with encodeURIComponent rather than
 * URLSearchParams: the latter writes spaces as `+`, which not every server reads back
 * as a space. Brackets in `filter[...]` are encoded too; servers decode keys before
 * parsing them.
 */
export function queryStringOf(parameters: readonly QueryParameter[]): string {
  return parameters
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The URL of a GET: `baseUrl` as normalizeServiceUrl leaves it. */
export function requestUrlOf(
  baseUrl: string,
  path: string,
  parameters: readonly QueryParameter[],
): string {
  const query = queryStringOf(parameters);
  return query === '' ? `${baseUrl}${path}` : `${baseUrl}${path}?${query}`;
}

export function pageParameters(request: PageRequest): QueryParameter[] {
  const parameters: QueryParameter[] = [];
  if (request.limit !== undefined) parameters.push(['limit', String(request.limit)]);
  if (request.cursor) parameters.push(['cursor', request.cursor]);
  return parameters;
}

export function recordQueryParameters(
  query: RecordQuery,
  request: PageRequest = {},
): QueryParameter[] {
  const parameters: QueryParameter[] = [...pageParameters(request)];
  if (query.view) parameters.push(['view', query.view]);
  if (query.sort) parameters.push(['sort', `${query.sort.column}:${query.sort.direction}`]);
  for (const [column, value] of Object.entries(query.filters)) {
    parameters.push([`filter[${column}]`, value]);
  }
  if (query.textSearch) parameters.push([query.textSearch.parameter, query.textSearch.text]);
  return parameters;
}

/** The service's dedicated task filters (CONTRACT §4); empty values are left out. */
export function taskQueryParameters(
  filters: TaskFilters,
  request: PageRequest = {},
): QueryParameter[] {
  const parameters: QueryParameter[] = [...pageParameters(request)];
  if (filters.status) parameters.push(['status', filters.status]);
  if (filters.projectId) parameters.push(['project_id', filters.projectId]);
  if (filters.assignee) parameters.push(['assignee', filters.assignee]);
  return parameters;
}

/** The options of every GET the dashboard sends. */
export function getRequestInit(apiKey: string, signal: AbortSignal | null): RequestInit {
  return {
    method: 'GET',
    headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
    signal,
    // The key goes in the header and nowhere else: no cookies, no referrer, and no
    // following a redirect that could carry the header to another host.
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    redirect: 'manual',
    cache: 'no-store',
  };
}
