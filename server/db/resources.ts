import type { WorkspaceDb } from './workspace-db';

/**
 * Lists of tables, skills, tasks, pages and projects: keyset pages on (created_at, id)
 * within one workspace. Column lists are fixed here; nothing from a request becomes SQL.
 */
export type ResourceKind = 'tables' | 'skills' | 'tasks' | 'pages' | 'projects';

const LIST_COLUMNS: Record<ResourceKind, string> = {
  tables: 'id, alias_id, name, description, project_id, created_at, updated_at',
  skills: 'id, alias_id, name, description, created_at, updated_at',
  tasks:
    'id, name, status, priority, project_id, assignee_user_id, assignee_bot_id, due_at, event_at, updated_at, created_at',
  pages: 'id, alias_id, name, icon, project_id, parent_page_id, is_public, updated_at, created_at',
  projects:
    'id, alias_id, name, description, icon, color, lead_id, status, is_private, start_date, end_date, target_date, created_at, updated_at',
};

const DETAIL_COLUMNS: Record<ResourceKind, string> = {
  tables: LIST_COLUMNS.tables,
  skills: `${LIST_COLUMNS.skills}, content_text, linked_entities`,
  tasks: `${LIST_COLUMNS.tasks}, body_md, output_md, decision, decision_reason, tags, start_at, completed_at`,
  pages: `${LIST_COLUMNS.pages}, description, content_text, cover_image_url`,
  projects: LIST_COLUMNS.projects,
};

const STORAGE: Record<ResourceKind, string> = {
  tables: 'ws_tables',
  skills: 'skills',
  tasks: 'tasks',
  pages: 'pages',
  projects: 'projects',
};

export type Row = Record<string, unknown>;

/** A task's `status` (§3): the only values a task holds, and so the only ones to filter by. */
export const TASK_STATUSES: readonly string[] = [
  'backlog',
  'todo',
  'in_progress',
  'in_review',
  'done',
  'cancelled',
];

export interface TaskFilters {
  status?: string;
  projectId?: string;
  assignee?: string;
}

export interface ResourcePage {
  rows: Row[];
  /** [created_at, id] of the last row when more rows follow. */
  next: [string, string] | null;
}

export function listResources(
  db: WorkspaceDb,
  kind: ResourceKind,
  query: {
    workspaceId: string;
    after: [string, string] | null;
    limit: number;
    taskFilters?: TaskFilters;
  },
): ResourcePage {
  const where = ['workspace_id = ?'];
  const params: (string | number)[] = [query.workspaceId];
  const filters = query.taskFilters;
  if (filters?.status !== undefined) {
    where.push('status = ?');
    params.push(filters.status);
  }
  if (filters?.projectId !== undefined) {
    where.push('project_id = ?');
    params.push(filters.projectId);
  }
  if (filters?.assignee !== undefined) {
    where.push('(assignee_user_id = ? OR assignee_bot_id = ?)');
    params.push(filters.assignee, filters.assignee);
  }
  if (query.after !== null) {
    where.push('(created_at, id) > (?, ?)');
    params.push(...query.after);
  }
  const sql = `SELECT ${LIST_COLUMNS[kind]} FROM ${STORAGE[kind]} WHERE ${where.join(' AND ')}
    ORDER BY created_at, id LIMIT ?`;
  const rows = db.statement(sql).all(...params, query.limit + 1) as Row[];
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  return {
    rows: page,
    next: hasMore && last ? [String(last.created_at), String(last.id)] : null,
  };
}

export function getResource(
  db: WorkspaceDb,
  kind: ResourceKind,
  workspaceId: string,
  id: string,
): Row | null {
  const sql = `SELECT ${DETAIL_COLUMNS[kind]} FROM ${STORAGE[kind]} WHERE id = ? AND workspace_id = ?`;
  return (db.statement(sql).get(id, workspaceId) as Row | undefined) ?? null;
}

export interface WorkspaceRow {
  id: string;
  slug: string;
  name: string;
}

export function findWorkspace(db: WorkspaceDb, slugOrId: string): WorkspaceRow | null {
  return (
    (db
      .statement('SELECT id, slug, name FROM workspaces WHERE slug = ? OR id = ?')
      .get(slugOrId, slugOrId) as WorkspaceRow | undefined) ?? null
  );
}
