/**
 * The only code that knows the service's URLs, headers and wire shapes (with ./endpoints.ts,
 * ./transport.ts and the wire readers). Everything it returns is normalized (./types.ts);
 * everything it throws is an ApiError.
 */
import {
  API_PATH,
  pageParameters,
  recordQueryParameters,
  recordsPath,
  SERVICE_DOCUMENT_PATH,
  SKILLS_PATH_CANDIDATES,
  skillPath,
  TABLES_PATH,
  tablePath,
  taskQueryParameters,
} from './endpoints';
import { ApiError, isApiError } from './errors';
import {
  pageDetailOf,
  pageSummaryOf,
  projectDetailOf,
  projectOf,
  taskDetailOf,
  taskSummaryOf,
} from './resource-wire';
import { type ApiClientOptions, createTransport } from './transport';
import type { ApiClient, Connection, SkillsPath, TableDetail } from './types';
import {
  objectOf,
  pageOf,
  recordOf,
  skillDetailOf,
  skillSummaryOf,
  tableDetailOf,
  tableSummaryOf,
} from './wire';

export {
  normalizeServiceUrl,
  queryStringOf,
  recordQueryParameters,
  taskQueryParameters,
} from './endpoints';
export { keyFingerprint, looksLikeLiveKey } from './key-fingerprint';
export type { ApiClientOptions } from './transport';

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

/** Endpoint absent (as opposed to "the item is absent", which our contract says with `not_found`). */
function isMissingEndpoint(error: ApiError): boolean {
  if (error.kind !== 'http') return false;
  if (error.status === 405 || error.status === 501) return true;
  return error.status === 404 && error.code !== 'not_found';
}

export function createApiClient(connection: Connection, options: ApiClientOptions = {}): ApiClient {
  const { baseUrl, serviceLabel, getJson, getNormalized, getPage } = createTransport(
    connection,
    options,
  );
  let skillsPath: SkillsPath | null = connection.skillsPath ?? null;

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

    getServiceDocument(request = {}) {
      // Read for the records list's parameters: a 403 here is about reading tables.
      return getJson(SERVICE_DOCUMENT_PATH, [], 'tables:read', request.signal);
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
