/**
 * The only code that knows the service's URLs, headers and wire shapes. Everything it
 * returns is normalized (./types.ts); everything it throws is an ApiError.
 */
import {
  blockedByPolicyMessage,
  classifyFailedFetch,
  watchPolicyViolations,
} from './blocked-request';
import {
  API_PATH,
  getRequestInit,
  normalizeServiceUrl,
  pageParameters,
  type QueryParameter,
  recordQueryParameters,
  recordsPath,
  requestUrlOf,
  SKILLS_PATH_CANDIDATES,
  skillPath,
  TABLES_PATH,
  tablePath,
  taskQueryParameters,
} from './endpoints';
import { apiErrorFromResponse } from './error-response';
import { ApiError, isApiError, type TransportFailure } from './errors';
import { keyFingerprint } from './key-fingerprint';
import { RateLimitPacer } from './rate-limit';
import {
  pageDetailOf,
  pageSummaryOf,
  projectDetailOf,
  projectOf,
  taskDetailOf,
  taskSummaryOf,
} from './resource-wire';
import type { ApiClient, Connection, Scope, SkillsPath, TableDetail } from './types';
import {
  MissingItemsError,
  objectOf,
  pageOf,
  recordOf,
  skillDetailOf,
  skillSummaryOf,
  tableDetailOf,
  tableSummaryOf,
  WireShapeError,
} from './wire';

export {
  normalizeServiceUrl,
  queryStringOf,
  recordQueryParameters,
  taskQueryParameters,
} from './endpoints';
export { keyFingerprint, looksLikeLiveKey } from './key-fingerprint';

/** The list each scope guards whose first item is asked for to probe it (tables and skills have their own calls). */
const PROBE_PATHS: Record<'tasks:read' | 'pages:read' | 'projects:read', string> = {
  'tasks:read': `${API_PATH}/tasks`,
  'pages:read': `${API_PATH}/pages`,
  'projects:read': `${API_PATH}/projects`,
};
const TASKS_PATH = `${API_PATH}/tasks`;
const PAGES_PATH = `${API_PATH}/pages`;
const PROJECTS_PATH = `${API_PATH}/projects`;
/** Looking a table up in the list (for services without `GET /tables/{id}`) stops after this many pages. */
const TABLE_LOOKUP_MAX_PAGES = 10;
const TABLES_MAX_LIMIT = 100;

export interface ApiClientOptions {
  fetch?: typeof fetch;
}

/** A 400 that names `limit`: the service refuses our page size (some cap below the spec's maximum). */
function isRefusedLimit(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    (error.param === 'limit' || error.reason === 'invalid_limit')
  );
}

/** What the user reads when the browser got no whole answer. */
function networkMessage(failure: TransportFailure, serviceLabel: string): string {
  switch (failure) {
    case 'cut':
      return `The connection to ${serviceLabel} was cut before the reply was complete.`;
    case 'blocked_cors':
      return `${serviceLabel} answered, but does not allow this site to read its replies (CORS). Ask for this site's address to be allowed there, or open the dashboard through the reference server's proxy mode.`;
    case 'blocked_csp':
      return blockedByPolicyMessage(serviceLabel);
    case 'blocked_mixed_content':
      return `The browser blocked the request: this page is served over HTTPS and ${serviceLabel} over plain HTTP. Use the service's https:// address.`;
    default:
      return `Could not reach ${serviceLabel}. Check the address and your connection.`;
  }
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

/** Endpoint absent (as opposed to "the item is absent", which our contract says with `not_found`). */
function isMissingEndpoint(error: ApiError): boolean {
  if (error.kind !== 'http') return false;
  if (error.status === 405 || error.status === 501) return true;
  return error.status === 404 && error.code !== 'not_found';
}

export function createApiClient(connection: Connection, options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = normalizeServiceUrl(connection.serviceUrl);
  const apiKey = connection.apiKey;
  /** What "could not reach …" names: the configured URL, or this page's origin for same-origin. */
  const serviceLabel = baseUrl === '' ? globalThis.location?.origin || 'this site' : baseUrl;
  let skillsPath: SkillsPath | null = connection.skillsPath ?? null;
  /** Set once the service refused a page size: later lists ask for its default instead. */
  let limitRefused = false;
  const pacer = new RateLimitPacer();
  watchPolicyViolations();

  const redact = (text: string) =>
    apiKey === '' ? text : text.split(apiKey).join(keyFingerprint(apiKey));

  function notAService(url: string, failure: TransportFailure, detail: string): ApiError {
    return new ApiError({
      kind: 'not_a_service',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: `${serviceLabel} answered, but not like a Workspace Data Service (${detail}). Check the Service URL.`,
    });
  }

  /** A reply that started well and broke: worded as a broken reply, not as a wrong address. */
  function brokenReply(url: string, failure: TransportFailure, detail: string): ApiError {
    return new ApiError({
      kind: 'not_a_service',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: `${serviceLabel} sent ${detail}.`,
    });
  }

  function aborted(url: string): ApiError {
    return new ApiError({
      kind: 'aborted',
      status: null,
      code: null,
      reason: null,
      url,
      message: 'The request was cancelled.',
    });
  }

  function networkError(url: string, failure: TransportFailure): ApiError {
    return new ApiError({
      kind: 'network',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: networkMessage(failure, serviceLabel),
    });
  }

  async function getJson(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal?: AbortSignal,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<unknown> {
    const url = `${baseUrl}${path}`;
    const requestUrl = requestUrlOf(baseUrl, path, parameters);
    try {
      await pacer.beforeRequest(signal, onPacingWait);
    } catch {
      throw aborted(url);
    }
    const startedAt = Date.now();
    let response: Response;
    try {
      response = await fetchImpl(requestUrl, getRequestInit(apiKey, signal ?? null));
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw aborted(url);
      throw networkError(url, await classifyFailedFetch(url, startedAt, fetchImpl));
    }
    pacer.observe(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw aborted(url);
      // The status line and headers arrived: the service is there, the body was cut off.
      throw networkError(url, 'cut');
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      throw notAService(url, 'redirect', 'it redirected elsewhere; use the final address');
    }
    if (!response.ok) throw apiErrorFromResponse(response, text, { url, scope, redact });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const start = text.trimStart();
      if (start === '' || start.startsWith('{') || start.startsWith('[')) {
        throw brokenReply(url, 'malformed_body', 'an incomplete or garbled reply (not valid JSON)');
      }
      throw notAService(url, 'not_json', 'it sent a web page or other non-JSON content');
    }
  }

  /** Runs `normalize` on a body, turning an unreadable shape into a 'not_a_service' error. */
  function normalized<T>(url: string, body: unknown, normalize: (body: unknown) => T): T {
    try {
      return normalize(body);
    } catch (error) {
      if (error instanceof MissingItemsError) {
        throw brokenReply(url, 'missing_items', 'a list reply without its items');
      }
      if (error instanceof WireShapeError) {
        throw notAService(url, 'unknown_shape', 'the data has an unknown shape');
      }
      throw error;
    }
  }

  /**
   * A list page. A service that refuses our page size (a 400 on `limit`) gets the request
   * again without one, and every later list asks for its default.
   */
  async function getPage<T>(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal: AbortSignal | undefined,
    normalize: (body: unknown) => T,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<T> {
    const withoutLimit = () => parameters.filter(([name]) => name !== 'limit');
    const get = (query: readonly QueryParameter[]) =>
      getNormalized(path, query, scope, signal, normalize, onPacingWait);
    if (limitRefused) return get(withoutLimit());
    try {
      return await get(parameters);
    } catch (error) {
      if (!isRefusedLimit(error) || !parameters.some(([name]) => name === 'limit')) throw error;
      limitRefused = true;
      return get(withoutLimit());
    }
  }

  async function getNormalized<T>(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal: AbortSignal | undefined,
    normalize: (body: unknown) => T,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<T> {
    const body = await getJson(path, parameters, scope, signal, onPacingWait);
    return normalized(`${baseUrl}${path}`, body, normalize);
  }

  // Tasks, pages and projects (CONTRACT §1, §3). A detail's 404 is "not found" as is.
  const resourceMethods: Pick<
    ApiClient,
    'listTasks' | 'getTask' | 'listPages' | 'getPage' | 'listProjects' | 'getProject'
  > = {
    listTasks: (filters, request = {}) =>
      getPage(
        TASKS_PATH,
        taskQueryParameters(filters, request),
        'tasks:read',
        request.signal,
        (b) => pageOf(b, 'tasks', taskSummaryOf),
      ),
    getTask: (taskId, request = {}) =>
      getNormalized(
        `${TASKS_PATH}/${encodeURIComponent(taskId)}`,
        [],
        'tasks:read',
        request.signal,
        taskDetailOf,
      ),
    listPages: (request = {}) =>
      getPage(PAGES_PATH, pageParameters(request), 'pages:read', request.signal, (b) =>
        pageOf(b, 'pages', pageSummaryOf),
      ),
    getPage: (pageId, request = {}) =>
      getNormalized(
        `${PAGES_PATH}/${encodeURIComponent(pageId)}`,
        [],
        'pages:read',
        request.signal,
        pageDetailOf,
      ),
    listProjects: (request = {}) =>
      getPage(PROJECTS_PATH, pageParameters(request), 'projects:read', request.signal, (b) =>
        pageOf(b, 'projects', projectOf),
      ),
    getProject: (projectId, request = {}) =>
      getNormalized(
        `${PROJECTS_PATH}/${encodeURIComponent(projectId)}`,
        [],
        'projects:read',
        request.signal,
        projectDetailOf,
      ),
  };

  const client: ApiClient = {
    ...resourceMethods,
    listTables(request = {}) {
      return getPage(TABLES_PATH, pageParameters(request), 'tables:read', request.signal, (b) =>
        pageOf(b, 'tables', tableSummaryOf),
      );
    },

    async getTable(tableId, request = {}) {
      const path = tablePath(tableId);
      try {
        return await getNormalized(path, [], 'tables:read', request.signal, tableDetailOf);
      } catch (error) {
        if (!isApiError(error) || !isMissingEndpoint(error)) throw error;
        return findTableInList(tableId, request.signal);
      }
    },

    listRecords(tableId, query, request = {}) {
      const path = recordsPath(tableId);
      return getPage(
        path,
        recordQueryParameters(query, request),
        'tables:read',
        request.signal,
        (b) => pageOf(b, 'records', recordOf),
        request.onPacingWait,
      );
    },

    getRecord(tableId, recordId, request = {}) {
      const path = `${recordsPath(tableId)}/${encodeURIComponent(recordId)}`;
      return getNormalized(path, [], 'tables:read', request.signal, (b) =>
        recordOf(objectOf(b, 'record')),
      );
    },

    listSkills(request = {}) {
      return withSkillsPath(
        (base) =>
          getPage(`${base}/skills`, pageParameters(request), 'skills:read', request.signal, (b) =>
            pageOf(b, 'skills', skillSummaryOf),
          ),
        (error) => error.kind === 'http' && [404, 405, 501].includes(error.status ?? 0),
      );
    },

    getSkill(skillId, request = {}) {
      return withSkillsPath(
        (base) =>
          getNormalized(skillPath(base, skillId), [], 'skills:read', request.signal, skillDetailOf),
        isMissingEndpoint,
      );
    },

    async canRead(scope, request = {}) {
      const probe = { limit: 1, signal: request.signal };
      try {
        if (scope === 'tables:read') await client.listTables(probe);
        else if (scope === 'skills:read') await client.listSkills(probe);
        else await getJson(PROBE_PATHS[scope], pageParameters(probe), scope, request.signal);
        return true;
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (error.status === 403) return false;
        // Every service has tables: without that list the address is not a service at all.
        if (scope === 'tables:read') throw error;
        // A service without this kind of data (Onnie has no projects list; both skills
        // paths were tried): nothing to read there either.
        if (isMissingEndpoint(error)) return false;
        if (error.kind === 'not_a_service' && error.status === 404) return false;
        throw error;
      }
    },
  };

  async function withSkillsPath<T>(
    call: (base: SkillsPath) => Promise<T>,
    endpointIsMissing: (error: ApiError) => boolean,
  ): Promise<T> {
    if (skillsPath) return call(skillsPath);
    for (const candidate of SKILLS_PATH_CANDIDATES) {
      try {
        const result = await call(candidate);
        skillsPath = candidate;
        return result;
      } catch (error) {
        if (!isApiError(error) || !endpointIsMissing(error)) throw error;
      }
    }
    throw new ApiError({
      kind: 'not_a_service',
      status: 404,
      code: null,
      reason: null,
      url: `${baseUrl}/v1/skills`,
      message: `${serviceLabel} has no skills: neither /api/public/v1/skills nor /v1/skills answered.`,
    });
  }

  /** For services without `GET /tables/{id}`: the summary from the list, columns left to inference. */
  async function findTableInList(tableId: string, signal?: AbortSignal): Promise<TableDetail> {
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < TABLE_LOOKUP_MAX_PAGES; pageNumber++) {
      const page = await client.listTables({ cursor, limit: TABLES_MAX_LIMIT, signal });
      const summary = page.items.find((table) => table.id === tableId || table.aliasId === tableId);
      if (summary) return { ...summary, columns: null, views: [] };
      cursor = page.nextCursor;
      if (cursor === null) {
        throw new ApiError({
          kind: 'http',
          status: 404,
          code: 'not_found',
          reason: null,
          url: `${baseUrl}${tablePath(tableId)}`,
          message: 'This table does not exist, or this key cannot see it.',
        });
      }
    }
    // Too many tables to look through: show the table under its id rather than fail.
    return {
      id: tableId,
      aliasId: null,
      name: tableId,
      description: null,
      projectId: null,
      createdAt: null,
      updatedAt: null,
      columns: null,
      views: [],
    };
  }

  return client;
}
