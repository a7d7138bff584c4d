/**
 * The seam for a service that searches text itself: if its OpenAPI document advertises a
 * text-search query parameter on the records list, a find asks the service with it (each
 * record it answers is a match) instead of reading the whole view and matching here.
 * Our reference server, like the real service, has equality filters only: its document
 * advertises none, and the walk is used (docs/decisions/057).
 */
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { ApiClient } from '../../../../lib/api/types';

/**
 * Names of a records list's parameter that are taken to be a text search when the
 * document says no more: the usual spellings of REST APIs (Airtable's `filterByFormula`
 * is a formula, not a search, and is not among them).
 */
const SEARCH_PARAMETER_NAMES = ['q', 'search', 'query', 'filter[search]', 'filter[q]'];
/** An explicit marker a service may put on the parameter: `"x-text-search": true`. */
const SEARCH_EXTENSION = 'x-text-search';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ "$ref": "#/components/parameters/Search" }` → that parameter; anything else as it is. */
function resolved(document: Json, value: unknown): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string') return value;
  const path = value.$ref.startsWith('#/') ? value.$ref.slice(2).split('/') : null;
  if (path === null) return null; // A reference into another document is not followed.
  let target: unknown = document;
  for (const part of path) {
    target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return target;
}

/** A records list: a GET on a path ending in `/records`, under a table. */
function isRecordsListPath(path: string): boolean {
  return /\/tables\/\{[^}]+\}\/records\/?$/.test(path);
}

/**
 * The query parameter of the records list that searches text, or null when the document
 * advertises none (or is not an OpenAPI document). A parameter counts when it is a string
 * in the query and is marked `x-text-search: true`, or is named like a search (`q`,
 * `search`, …) and not marked `x-text-search: false`.
 */
export function textSearchParameterOf(document: unknown): string | null {
  if (!isObject(document) || !isObject(document.paths)) return null;
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecordsListPath(path) || !isObject(item)) continue;
    const operation = item.get;
    if (!isObject(operation)) continue;
    const parameters = [
      ...(Array.isArray(item.parameters) ? item.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ];
    for (const raw of parameters) {
      const parameter = resolved(document, raw);
      if (!isObject(parameter) || parameter.in !== 'query') continue;
      if (typeof parameter.name !== 'string') continue;
      const schema = resolved(document, parameter.schema);
      if (isObject(schema) && schema.type !== undefined && schema.type !== 'string') continue;
      const marker = parameter[SEARCH_EXTENSION];
      if (marker === true) return parameter.name;
      if (marker !== false && SEARCH_PARAMETER_NAMES.includes(parameter.name)) {
        return parameter.name;
      }
    }
  }
  return null;
}

/** How long the document may take before a find reads the view itself instead. */
const DOCUMENT_WAIT_MS = 3_000;

/**
 * The records list's text-search parameter of the open workspace's service, or null: its
 * OpenAPI document is read once per workspace (the cache is the workspace's) and kept. A
 * document that can't be read (none published, refused, not JSON, too slow) is a service
 * without one, silently: the find then reads the view, as it always can.
 */
export function serviceTextSearchQuery(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.serviceTextSearch(),
    queryFn: async ({ signal }): Promise<string | null> => {
      const gaveUp = new AbortController();
      const stopWaiting = setTimeout(() => gaveUp.abort(), DOCUMENT_WAIT_MS);
      const leave = () => gaveUp.abort();
      signal.addEventListener('abort', leave, { once: true });
      try {
        return textSearchParameterOf(await client.getServiceDocument({ signal: gaveUp.signal }));
      } catch (error) {
        // Left before it answered (the screen closed): not an answer to keep.
        if (signal.aborted) throw error;
        return null;
      } finally {
        clearTimeout(stopWaiting);
        signal.removeEventListener('abort', leave);
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
