/**
 * An ApiClient whose code (./client.ts and the wire parsing, ~7 KB gzip) loads on its first
 * request, so the connect screen ships without it: the start-up script fetches it beside
 * the workspace's code when a workspace opens, and the connect screen needs it only once
 * Connect is pressed. One real client per lazy one, made once: it remembers which skills
 * path answered and paces itself by the service's rate limit.
 */
import type { ApiClientOptions } from './client';
import type { ApiClient, Connection } from './types';

export const loadClientCode = () => import('./client');

export function createLazyApiClient(
  connection: Connection,
  options: ApiClientOptions = {},
): ApiClient {
  let real: Promise<ApiClient> | null = null;
  const clientOf = (): Promise<ApiClient> => {
    if (real === null) {
      real = loadClientCode().then(({ createApiClient }) => createApiClient(connection, options));
      // Offline or a redeploy: the next request tries to load the code again.
      real.catch(() => {
        real = null;
      });
    }
    return real;
  };
  return {
    listTables: (...args) => clientOf().then((client) => client.listTables(...args)),
    getTable: (...args) => clientOf().then((client) => client.getTable(...args)),
    listRecords: (...args) => clientOf().then((client) => client.listRecords(...args)),
    getRecord: (...args) => clientOf().then((client) => client.getRecord(...args)),
    listSkills: (...args) => clientOf().then((client) => client.listSkills(...args)),
    getSkill: (...args) => clientOf().then((client) => client.getSkill(...args)),
    canRead: (...args) => clientOf().then((client) => client.canRead(...args)),
    listTasks: (...args) => clientOf().then((client) => client.listTasks(...args)),
    getTask: (...args) => clientOf().then((client) => client.getTask(...args)),
    listPages: (...args) => clientOf().then((client) => client.listPages(...args)),
    getPage: (...args) => clientOf().then((client) => client.getPage(...args)),
    listProjects: (...args) => clientOf().then((client) => client.listProjects(...args)),
    getProject: (...args) => clientOf().then((client) => client.getProject(...args)),
    getServiceDocument: (...args) =>
      clientOf().then((client) => client.getServiceDocument(...args)),
  };
}
