import { ApiError, isApiError } from '../api/errors';
import type { ApiClient } from '../api/types';

export function notFoundError(message = 'Not found.'): ApiError {
  return new ApiError({ kind: 'http', status: 404, code: 'not_found', reason: null, message });
}

/**
 * An ApiClient for component tests: empty lists and 404 details unless a method is
 * overridden. Pair with `vi.fn()` overrides to assert calls. `canRead` asks the (possibly
 * overridden) tables and skills lists as the real client does, a 403 meaning "no"; so do
 * tasks, pages and projects.
 */
export function createFakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const client: ApiClient = {
    listTables: async () => ({ items: [], nextCursor: null }),
    getTable: async () => {
      throw notFoundError();
    },
    listRecords: async () => ({ items: [], nextCursor: null }),
    getRecord: async () => {
      throw notFoundError();
    },
    listSkills: async () => ({ items: [], nextCursor: null }),
    getSkill: async () => {
      throw notFoundError();
    },
    listTasks: async () => ({ items: [], nextCursor: null }),
    getTask: async () => {
      throw notFoundError();
    },
    listPages: async () => ({ items: [], nextCursor: null }),
    getPage: async () => {
      throw notFoundError();
    },
    listProjects: async () => ({ items: [], nextCursor: null }),
    getProject: async () => {
      throw notFoundError();
    },
    // A service that publishes no OpenAPI document where the client looks.
    getServiceDocument: async () => {
      throw notFoundError();
    },
    canRead: async (scope) => {
      try {
        if (scope === 'tables:read') await client.listTables({ limit: 1 });
        else if (scope === 'skills:read') await client.listSkills({ limit: 1 });
        else if (scope === 'tasks:read') await client.listTasks({}, { limit: 1 });
        else if (scope === 'pages:read') await client.listPages({ limit: 1 });
        else if (scope === 'projects:read') await client.listProjects({ limit: 1 });
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 403) return false;
        throw error;
      }
    },
    ...overrides,
  };
  return client;
}
