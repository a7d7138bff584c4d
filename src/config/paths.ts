/** Every in-app route path is built here, so links and the router never disagree. */
export const paths = {
  home: () => '/',
  /** `next`: the path (with its query string) to return to once connected. */
  connect: (next?: string | null) =>
    next && next !== '/' ? `/connect?next=${encodeURIComponent(next)}` : '/connect',
  table: (tableId: string) => `/tables/${encodeURIComponent(tableId)}`,
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

/** What the tasks screen keeps in its URL: list or board, and the service's filters. */
export interface TasksSearch {
  view?: 'list' | 'board' | null;
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
