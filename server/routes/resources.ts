import { Hono } from 'hono';
import type { Scope } from '../db/api-keys';
import { uuidOf } from '../db/ids';
import {
  getResource,
  listResources,
  type ResourceKind,
  TASK_STATUSES,
  type TaskFilters,
} from '../db/resources';
import type { AppDeps, AppEnv } from '../http/context';
import { jsonResponse } from '../http/edge';
import { badRequest, notFound } from '../http/errors';
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
    const id = uuidOf(c.req.param('id'));
    const row = id === null ? null : getResource(db, kind, c.get('identity').workspaceId, id);
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

/** What a task filter may hold; one place for the words (decision 031). */
const TASK_FILTER_MESSAGES = {
  twice: (name: string, count: number) =>
    `Send ${name} at most once; this request has it ${count} times.`,
  status: `status must be one of ${TASK_STATUSES.join(', ')}; leave it out for tasks of any status.`,
  id: (name: string, what: string) =>
    `${name} must be the id (a UUID) of ${what}, as the lists show it; leave it out for tasks of any ${name === 'project_id' ? 'project' : 'assignee'}.`,
};

/** The one value of a task filter, or undefined when absent or empty; sent twice is a 400. */
function taskFilterValue(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length > 1) {
    throw badRequest(name, 'duplicate_filter', TASK_FILTER_MESSAGES.twice(name, values.length));
  }
  const value = values[0];
  return value === undefined || value === '' ? undefined : value;
}

/** A filter by id: a UUID in any case, as in a path (decision 055), else a 400. */
function taskIdFilter(query: URLSearchParams, name: string, what: string): string | undefined {
  const value = taskFilterValue(query, name);
  if (value === undefined) return undefined;
  const id = uuidOf(value);
  if (id === null) throw badRequest(name, 'invalid_filter', TASK_FILTER_MESSAGES.id(name, what));
  return id;
}

/**
 * §4: tasks filter on status and project_id by equality, assignee on either assignee
 * (decision 031). A status outside the six, a malformed id, or a filter sent twice is a 400
 * naming it; a well-formed id that names nothing matches no task, like a records filter.
 */
function taskFiltersOf(query: URLSearchParams): TaskFilters {
  const filters: TaskFilters = {};
  const status = taskFilterValue(query, 'status');
  if (status !== undefined) {
    if (!TASK_STATUSES.includes(status)) {
      throw badRequest('status', 'invalid_filter', TASK_FILTER_MESSAGES.status);
    }
    filters.status = status;
  }
  const projectId = taskIdFilter(query, 'project_id', 'a project');
  if (projectId !== undefined) filters.projectId = projectId;
  const assignee = taskIdFilter(query, 'assignee', 'a user or a bot');
  if (assignee !== undefined) filters.assignee = assignee;
  return filters;
}
