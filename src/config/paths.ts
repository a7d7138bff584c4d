/** Every in-app route path is built here, so links and the router never disagree. */
export const paths = {
  home: () => '/',
  /**
   * The connect screen. `next`: the path (with its query string) to return to once
   * connected; `signInTo`: the workspace whose key was refused, whose new key it asks for
   * (in the address, so a reload still asks for it).
   */
  connect: (next?: string | null, signInTo?: string | null) => {
    const query = [
      ...(next && next !== '/' ? [`next=${encodeURIComponent(next)}`] : []),
      ...(signInTo ? [`signin=${encodeURIComponent(signInTo)}`] : []),
    ];
    return query.length > 0 ? `/connect?${query.join('&')}` : '/connect';
  },
  /** The connect screen while a workspace stays open: adds another (src/features/connect). */
  addWorkspace: () => '/connect?add=1',
  /** The connect screen entering a new key for a workspace whose key was refused. */
  signInAgain: (workspaceId: string) => `/connect?add=1&signin=${encodeURIComponent(workspaceId)}`,
  table: (tableId: string) => `/tables/${encodeURIComponent(tableId)}`,
  /** The record's table with the record's panel open. */
  record: (tableId: string, recordId: string) =>
    `/tables/${encodeURIComponent(tableId)}/records/${encodeURIComponent(recordId)}`,
  skills: () => '/skills',
  skill: (skillId: string) => `/skills/${encodeURIComponent(skillId)}`,
  /** The tasks screen; `search` (view and filters) becomes its query string. */
  tasks: (search: TasksSearch = {}) => withQuery('/tasks', search),
  task: (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`,
  pages: () => '/pages',
  page: (pageId: string) => `/pages/${encodeURIComponent(pageId)}`,
  projects: () => '/projects',
  project: (projectId: string) => `/projects/${encodeURIComponent(projectId)}`,
} as const;

/** What the tasks screen keeps in its URL: list, board or calendar, and the service's filters. */
export interface TasksSearch {
  view?: 'list' | 'board' | 'calendar' | null;
  status?: string | null;
  project_id?: string | null;
  assignee?: string | null;
}

function withQuery(path: string, search: TasksSearch): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (typeof value === 'string' && value !== '') query.set(name, value);
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Something in the workspace a link can point at. */
export type EntityRef =
  | { kind: 'table'; id: string }
  | { kind: 'record'; tableId: string; id: string }
  | { kind: 'skill'; id: string }
  | { kind: 'task'; id: string }
  | { kind: 'page'; id: string }
  | { kind: 'project'; id: string };

export type EntityKind = EntityRef['kind'];

/** The in-app path that shows the entity. */
export function pathOfEntity(entity: EntityRef): string {
  switch (entity.kind) {
    case 'table':
      return paths.table(entity.id);
    case 'record':
      return paths.record(entity.tableId, entity.id);
    case 'skill':
      return paths.skill(entity.id);
    case 'task':
      return paths.task(entity.id);
    case 'page':
      return paths.page(entity.id);
    case 'project':
      return paths.project(entity.id);
  }
}

/**
 * An entity named by a type word from the service (a skill's `linked_entities`), or null
 * for a type this dashboard has no screen for. A record needs its table, so it is only
 * linkable when `tableId` is given.
 */
export function entityRefOf(type: string, id: string, tableId?: string | null): EntityRef | null {
  switch (type.trim().toLowerCase().replace(/s$/, '')) {
    case 'table':
      return { kind: 'table', id };
    case 'record':
      return tableId ? { kind: 'record', tableId, id } : null;
    case 'skill':
      return { kind: 'skill', id };
    case 'task':
      return { kind: 'task', id };
    case 'page':
      return { kind: 'page', id };
    case 'project':
      return { kind: 'project', id };
    default:
      return null;
  }
}

/**
 * Only an in-app path may be returned to after connecting: anything else (a full URL,
 * `//host`) falls back to home.
 */
export function safeReturnPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/connect')) {
    return paths.home();
  }
  return next;
}
