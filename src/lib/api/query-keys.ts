import type { RecordQuery } from './types';

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
        sort: query.sort ? `${query.sort.column}:${query.sort.direction}` : null,
        filters: Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      },
    ] as const,
  skills: () => [...queryKeys.all, 'skills'] as const,
  skillList: () => [...queryKeys.skills(), 'list'] as const,
  skill: (skillId: string) => [...queryKeys.skills(), 'detail', skillId] as const,
};
