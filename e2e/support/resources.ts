import { apiGet } from './api';
import { keys } from './fixtures';

/** Tasks, pages and projects as the reference server's API returns them (full key). */

export interface ApiTask {
  id: string;
  name: string;
  status: string;
  priority: string;
  project_id: string | null;
  assignee_user_id: string | null;
  assignee_bot_id: string | null;
  due_at: string | null;
}

export interface ApiPage {
  id: string;
  name: string;
  parent_page_id: string | null;
  project_id: string | null;
  is_public: boolean;
}

export interface ApiProject {
  id: string;
  name: string;
  status: string;
  icon: string | null;
  color: string | null;
}

/** Every item of a list, following next_cursor to the end. */
export async function allOf<T>(
  resource: 'tasks' | 'pages' | 'projects' | 'tables',
  params: Record<string, string> = {},
  apiKey: string = keys.full,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Record<string, unknown> = await apiGet(
      `/api/public/v1/${resource}`,
      { ...params, limit: resource === 'tables' ? '100' : '200', ...(cursor ? { cursor } : {}) },
      apiKey,
    );
    items.push(...(page[resource] as T[]));
    cursor = page.next_cursor as string | null;
  } while (cursor !== null);
  return items;
}
