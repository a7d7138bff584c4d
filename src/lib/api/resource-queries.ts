import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import type { ApiClient, TaskFilters } from './types';

/**
 * Query options for tasks, pages and projects, shared by the features that show them
 * (a project's page lists its tasks and pages; a task card names its project), so one
 * list is one cache entry whichever screen asked first.
 */
export const TASKS_PAGE_SIZE = 50;
/** The page tree needs every page: the largest page the service allows, fewest requests. */
export const PAGES_PAGE_SIZE = 200;
export const PROJECTS_PAGE_SIZE = 200;
/** As the tables sidebar asks (the contract's maximum), so both share one cache entry. */
export const TABLES_PAGE_SIZE = 100;

export const resourceQueries = {
  /** The tables list, for screens that pick a project's tables out of it. */
  tableList: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.tableList(),
      queryFn: ({ pageParam, signal }) =>
        client.listTables({ cursor: pageParam, limit: TABLES_PAGE_SIZE, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  taskList: (client: ApiClient, filters: TaskFilters, pageSize = TASKS_PAGE_SIZE) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.taskList(filters), pageSize] as const,
      queryFn: ({ pageParam, signal }) =>
        client.listTasks(filters, { cursor: pageParam, limit: pageSize, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  task: (client: ApiClient, taskId: string) =>
    queryOptions({
      queryKey: queryKeys.task(taskId),
      queryFn: ({ signal }) => client.getTask(taskId, { signal }),
    }),
  pageList: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.pageList(),
      queryFn: ({ pageParam, signal }) =>
        client.listPages({ cursor: pageParam, limit: PAGES_PAGE_SIZE, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  page: (client: ApiClient, pageId: string) =>
    queryOptions({
      queryKey: queryKeys.page(pageId),
      queryFn: ({ signal }) => client.getPage(pageId, { signal }),
    }),
  projectList: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.projectList(),
      queryFn: ({ pageParam, signal }) =>
        client.listProjects({ cursor: pageParam, limit: PROJECTS_PAGE_SIZE, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  project: (client: ApiClient, projectId: string) =>
    queryOptions({
      queryKey: queryKeys.project(projectId),
      queryFn: ({ signal }) => client.getProject(projectId, { signal }),
    }),
};
