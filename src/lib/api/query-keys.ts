import type { RecordQuery, TaskFilters } from './types';

/**
 * Every TanStack Query key comes from here, so keys and fetchers never drift apart and
 * sign-out / invalidation can address whole families. Filters are put in a stable order
 * so the same view is one cache entry whatever order the inputs were typed in.
 */
export const queryKeys = {
  all: ['workspace'] as const,
  tables: () => [...queryKeys.all, 'tables'] as const,
  tableList: () => [...queryKeys.tables(), 'list'] as const,
  table: (tableId: string) => [...queryKeys.tables(), 'detail', tableId] as const,
  records: (tableId: string) => [...queryKeys.all, 'records', tableId] as const,
  recordList: (tableId: string, query: RecordQuery) =>
    [
      ...queryKeys.records(tableId),
      {
        view: query.view ?? null,
        sort: query.sort ? `${query.sort.column}:${query.sort.direction}` : null,
        filters: Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        // Only when asked: every other view keeps the key it had (saved rows are found by it).
        ...(query.textSearch
          ? { textSearch: [query.textSearch.parameter, query.textSearch.text] }
          : {}),
      },
    ] as const,
  /** One column of a board: the view narrowed to one option, as a guarded list (not the grid's pages). */
  recordBoardColumn: (tableId: string, query: RecordQuery) =>
    [...queryKeys.recordList(tableId, query), 'board'] as const,
  /**
   * A calendar's walk of the view sorted by its date column (the sort is in `query`), each
   * record kept with only the `fields` the calendar shows.
   */
  recordDateWalk: (tableId: string, query: RecordQuery, fields: readonly string[]) =>
    [...queryKeys.recordList(tableId, query), 'date-walk', [...fields]] as const,
  /** One UTC day of a view (its date filter and sort in `query`), with only the calendar's `fields`. */
  recordDateDay: (tableId: string, query: RecordQuery, fields: readonly string[]) =>
    [...queryKeys.recordList(tableId, query), 'date-day', [...fields]] as const,
  /** The view's first record when sorted by a date column (the sort is in `query`): one end of its dates. */
  recordDateEdge: (tableId: string, query: RecordQuery) =>
    [...queryKeys.recordList(tableId, query), 'date-edge'] as const,
  /** One record, as a REFERENCE label or an opened record reads it. */
  record: (tableId: string, recordId: string) =>
    [...queryKeys.records(tableId), 'detail', recordId] as const,
  /**
   * The REFERENCE filter's search of a linked table (not an API response): the first few
   * pages of records, scanned for a name that contains what was typed.
   */
  referenceSearchScan: (tableId: string) =>
    [...queryKeys.records(tableId), 'reference-search', 'scan'] as const,
  /** The REFERENCE filter's exact `filter[<primary>]=<typed>` lookup, for tables past the scan. */
  referenceSearchExact: (tableId: string, column: string, text: string) =>
    [...queryKeys.records(tableId), 'reference-search', 'exact', column, text] as const,
  /**
   * Go to's record lookup ("Orders 858"): `filter[<primary>]=<value>` on the named table
   * (not the grid's view: a few records, its own entry).
   */
  gotoRecordLookup: (tableId: string, column: string, value: string) =>
    [...queryKeys.records(tableId), 'goto', column, value] as const,
  /** A view's exact total and column summaries from a Count or Export walk (not an API response). */
  recordCount: (tableId: string, query: RecordQuery) =>
    [...queryKeys.recordList(tableId, query), 'count'] as const,
  /**
   * The records changed after `since` (ms), newest first: `sort=updated_at:desc` read until
   * a record older than that (src/lib/visit-memory/record-changes.ts).
   */
  recordChanges: (tableId: string, since: number) =>
    [...queryKeys.records(tableId), 'changes', since] as const,
  /** The table's most recently updated record (the sidebar's check for changes). */
  newestRecord: (tableId: string) => [...queryKeys.records(tableId), 'newest'] as const,
  skills: () => [...queryKeys.all, 'skills'] as const,
  skillList: () => [...queryKeys.skills(), 'list'] as const,
  skill: (skillId: string) => [...queryKeys.skills(), 'detail', skillId] as const,
  tasks: () => [...queryKeys.all, 'tasks'] as const,
  /** Filters in a fixed shape: absent and empty are the same list. */
  taskList: (filters: TaskFilters) =>
    [
      ...queryKeys.tasks(),
      'list',
      {
        status: filters.status || null,
        projectId: filters.projectId || null,
        assignee: filters.assignee || null,
      },
    ] as const,
  task: (taskId: string) => [...queryKeys.tasks(), 'detail', taskId] as const,
  pages: () => [...queryKeys.all, 'pages'] as const,
  pageList: () => [...queryKeys.pages(), 'list'] as const,
  page: (pageId: string) => [...queryKeys.pages(), 'detail', pageId] as const,
  projects: () => [...queryKeys.all, 'projects'] as const,
  projectList: () => [...queryKeys.projects(), 'list'] as const,
  project: (projectId: string) => [...queryKeys.projects(), 'detail', projectId] as const,
  /**
   * Go to's whole list of one kind (not an API response): every page walked up to its bound,
   * each item once, with why the walk ended.
   */
  gotoList: (kind: 'table' | 'skill' | 'task' | 'page' | 'project') =>
    [...queryKeys.all, 'goto', kind] as const,
  /**
   * The records list's text-search parameter the service's OpenAPI document advertises, or
   * none (read once per workspace; not the document itself).
   */
  serviceTextSearch: () => [...queryKeys.all, 'service-document', 'text-search'] as const,
  /** The deployment's people directory (a table read to its end, or a file beside the dashboard). */
  peopleDirectory: (sourceKey: string) => [...queryKeys.all, 'people', sourceKey] as const,
  /**
   * How many records of `tableId` link to `recordId` through `column`, counted up to a
   * bound (not an API response): the record panel's "Linked from".
   */
  linkedRecordCount: (tableId: string, column: string, recordId: string) =>
    [...queryKeys.records(tableId), 'linked-count', column, recordId] as const,
};
