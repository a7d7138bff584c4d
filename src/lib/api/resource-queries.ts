import { queryOptions } from '@tanstack/react-query';
import { TABLES_PAGE_SIZE } from './endpoints';
import { guardedListOptions } from './guarded-list';
import { queryKeys } from './query-keys';
import type { ApiClient, TaskFilters } from './types';

/**
 * Query options for tasks, pages and projects, shared by the features that show them
 * (a project's page lists its tasks and pages; a task card names its project), so one
 * list is one cache entry whichever screen asked first. Every list is guarded
 * (./guarded-list.ts): a loop, a repeat or a run of empty pages ends its paging.
 */
export const TASKS_PAGE_SIZE = 50;
/** The page tree needs every page: the largest page the service allows, fewest requests. */
export const PAGES_PAGE_SIZE = 200;
export const PROJECTS_PAGE_SIZE = 200;

export const resourceQueries = {
  /** The tables list, for screens that pick a project's tables out of it. */
  tableList: (client: ApiClient) =>
    guardedListOptions({
      queryKey: queryKeys.tableList(),
      fetchPage: ({ cursor, signal }) =>
        client.listTables({ cursor, limit: TABLES_PAGE_SIZE, signal }),
    }),
  taskList: (client: ApiClient, filters: TaskFilters, pageSize = TASKS_PAGE_SIZE) =>
    guardedListOptions({
      queryKey: [...queryKeys.taskList(filters), pageSize] as const,
      fetchPage: ({ cursor, signal }) =>
        client.listTasks(filters, { cursor, limit: pageSize, signal }),
    }),
  task: (client: ApiClient, taskId: string) =>
    queryOptions({
      queryKey: queryKeys.task(taskId),
      queryFn: ({ signal }) => client.getTask(taskId, { signal }),
    }),
  pageList: (client: ApiClient) =>
    guardedListOptions({
      queryKey: queryKeys.pageList(),
      fetchPage: ({ cursor, signal }) =>
        client.listPages({ cursor, limit: PAGES_PAGE_SIZE, signal }),
    }),
  page: (client: ApiClient, pageId: string) =>
    queryOptions({
      queryKey: queryKeys.page(pageId),
      queryFn: ({ signal }) => client.getPage(pageId, { signal }),
    }),
  projectList: (client: ApiClient) =>
    guardedListOptions({
      queryKey: queryKeys.projectList(),
      fetchPage: ({ cursor, signal }) =>
        client.listProjects({ cursor, limit: PROJECTS_PAGE_SIZE, signal }),
    }),
  project: (client: ApiClient, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.project(projectId),
      queryFn: ({ signal }) => client.getProject(projectId, { signal }),
    }),
};
