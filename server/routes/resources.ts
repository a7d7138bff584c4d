import { Hono } from 'hono';
import type { Scope } from '../db/api-keys';
import { getResource, listResources, type ResourceKind, type TaskFilters } from '../db/resources';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonResponse } from '../http/edge';
import { notFound } from '../http/errors';
import { guard } from '../http/guard';
import { cursorPositionOf, LIMITS, limitOf, nextCursorJson, queryOf } from '../http/params';
import { resourcePositionOf, serializeResource } from './serialize';

const SINGULAR: Record<Exclude<ResourceKind, 'tables'>, string> = {
  skills: 'skill',
  tasks: 'task',
  pages: 'page',
  projects: 'project',
};

/** GET /<kind> (a page of the key's workspace) and GET /<kind>/{id}. */
export function resourceRoutes(
  deps: AppDeps,
  kind: Exclude<ResourceKind, 'tables'>,
  scope: Scope,
): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const requireScope = guard(deps, scope);

  app.get('/', requireScope, (c) => {
    const query = queryOf(c);
    const limit = limitOf(query, LIMITS[kind]);
    const workspaceId = c.get('identity').workspaceId;
    const taskFilters = kind === 'tasks' ? taskFiltersOf(query) : undefined;
    const binding = `${kind}|${workspaceId}|${JSON.stringify(taskFilters ?? null)}`;
    const after = resourcePositionOf(cursorPositionOf(query, db.cursorSecret, binding));
    const page = listResources(db, kind, { workspaceId, after, limit, taskFilters });
    const items = page.rows.map((row) => serializeResource(kind, row, false));
    return jsonResponse(
      `{"${kind}":[${items.join(',')}],"next_cursor":${nextCursorJson(db.cursorSecret, binding, page.next)}}`,
    );
  });

  app.get('/:id', requireScope, (c) => {
    const row = getResource(db, kind, c.get('identity').workspaceId, c.req.param('id'));
    // Another workspace's item answers exactly like a missing one (§5).
    if (row === null) {
      throw notFound(
        `No ${SINGULAR[kind]} with this id exists in the workspace of this API key. Check the id in the list.`,
      );
    }
    return jsonResponse(serializeResource(kind, row, true));
  });

  return app;
}

/** §4: tasks filter on status and project_id by equality, assignee on either assignee. */
function taskFiltersOf(query: URLSearchParams): TaskFilters {
  const filters: TaskFilters = {};
  const status = query.get('status');
  const projectId = query.get('project_id');
  const assignee = query.get('assignee');
  if (status !== null && status !== '') filters.status = status;
  if (projectId !== null && projectId !== '') filters.projectId = projectId;
  if (assignee !== null && assignee !== '') filters.assignee = assignee;
  return filters;
}
