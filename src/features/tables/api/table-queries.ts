import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient } from '../../../lib/api/types';

/** The contract's maximum page of tables: fewest round trips for the sidebar. */
export const TABLES_PAGE_SIZE = 100;

export const tableQueries = {
  list: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.tableList(),
      queryFn: ({ pageParam, signal }) =>
        client.listTables({ cursor: pageParam, limit: TABLES_PAGE_SIZE, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  detail: (client: ApiClient, tableId: string) =>
    queryOptions({
      queryKey: queryKeys.table(tableId),
      queryFn: ({ signal }) => client.getTable(tableId, { signal }),
    }),
};
