import { describe, expect, it } from 'vitest';
import { skillIdOf, TABLE_IDS } from './seed/demo-seed';
import { LISTS, ORDERS, V1 } from './testing/api-reading';
import { fileTestServer } from './testing/file-test-server';
import { errorOf } from './testing/test-server';

const server = fileTestServer();

/** Authentication and error bodies (CONTRACT §5, §6). */

describe('§5 authentication', () => {
  const path = `${V1}/tables`;

  it.each([
    ['missing header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['bearer without a key', 'Bearer'],
    ['malformed key', 'Bearer svc_live_123'],
    ['unknown key', `Bearer svc_live_${'0'.repeat(48)}`],
  ])('%s: 401 unauthorized with WWW-Authenticate: Bearer', async (_, header) => {
    const response = await server.get(path, {
      key: null,
      headers: header === undefined ? {} : { Authorization: header },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    const error = await errorOf(response);
    expect(error.code).toBe('unauthorized');
  });

  it('a revoked key is 401 at once', async () => {
    const key = server.key('acme', ['tables:read'], 'to-revoke');
    expect((await server.get(path, { key })).status).toBe(200);
    const { revokeApiKeys } = await import('./db/api-keys');
    revokeApiKeys(server.db, 'to-revoke');
    server.db.clearCaches();
    expect((await server.get(path, { key })).status).toBe(401);
  });

  it('accepts the scheme in any case', async () => {
    const response = await server.get(path, {
      key: null,
      headers: { Authorization: `bearer ${server.acmeKey}` },
    });
    expect(response.status).toBe(200);
  });

  it.each(LISTS)(
    '$path without $scope is 403 insufficient_scope naming the scope',
    async ({ path: listPath, scope }) => {
      const others = (
        ['tables:read', 'skills:read', 'tasks:read', 'pages:read', 'projects:read'] as const
      ).filter((s) => s !== scope);
      const key = server.key('acme', others);
      const response = await server.get(listPath, { key });
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe('forbidden');
      expect(error.details).toEqual({ reason: 'insufficient_scope', scope });
    },
  );

  it("another workspace's table, records, skill, task, page and project are 404, never 403", async () => {
    const { listResources } = await import('./db/resources');
    const { WORKSPACES } = await import('./seed/demo-seed');
    const globex = (kind: 'tasks' | 'pages' | 'projects') =>
      String(
        listResources(server.db, kind, { workspaceId: WORKSPACES.globex.id, after: null, limit: 1 })
          .rows[0]?.id,
      );
    const paths = [
      `${V1}/tables/${TABLE_IDS.shipments}`,
      `${V1}/tables/${TABLE_IDS.shipments}/records`,
      `/v1/skills/${skillIdOf('globex', 0)}`,
      `${V1}/skills/${skillIdOf('globex', 0)}`,
      `${V1}/tasks/${globex('tasks')}`,
      `${V1}/pages/${globex('pages')}`,
      `${V1}/projects/${globex('projects')}`,
    ];
    for (const p of paths) {
      const response = await server.get(p);
      expect(response.status, p).toBe(404);
      expect((await errorOf(response)).code).toBe('not_found');
      expect((await server.get(p, { key: server.globexKey })).status, p).toBe(200);
    }
    const globexTables = (await (
      await server.get(`${V1}/tables`, { key: server.globexKey })
    ).json()) as {
      tables: { id: string }[];
    };
    expect(globexTables.tables.map((t) => t.id).sort()).toEqual(
      [TABLE_IDS.shipments, TABLE_IDS.suppliers].sort(),
    );
  });
});

describe('§6 error bodies', () => {
  it('have code, message, details, request_id matching X-Request-Id', async () => {
    const response = await server.get(`${ORDERS}/records?limit=0`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    const error = body.error as Record<string, unknown>;
    expect(error.code).toBe('bad_request');
    expect(typeof error.message).toBe('string');
    expect(String(error.message).length).toBeGreaterThan(20);
    expect(error.request_id).toBe(response.headers.get('X-Request-Id'));
    expect(response.headers.get('Content-Type')).toContain('application/json');
  });

  it('a missing table is 404 not_found, also for a non-UUID id', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "'; DROP TABLE ws_tables; --",
    ]) {
      const response = await server.get(`${V1}/tables/${encodeURIComponent(id)}/records`);
      expect(response.status).toBe(404);
    }
  });
});
