import { ApiError } from '../api/errors';
import type { ApiClient } from '../api/types';

export function notFoundError(message = 'Not found.'): ApiError {
  return new ApiError({ kind: 'http', status: 404, code: 'not_found', reason: null, message });
}

/**
 * An ApiClient for component tests: empty lists and 404 details unless a method is
 * overridden. Pair with `vi.fn()` overrides to assert calls.
 */
export function createFakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    listTables: async () => ({ items: [], nextCursor: null }),
    getTable: async () => {
      throw notFoundError();
    },
    listRecords: async () => ({ items: [], nextCursor: null }),
    listSkills: async () => ({ items: [], nextCursor: null }),
    getSkill: async () => {
      throw notFoundError();
    },
    ...overrides,
  };
}
