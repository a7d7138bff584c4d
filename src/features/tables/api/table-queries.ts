import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import { resourceQueries } from '../../../lib/api/resource-queries';
import type { ApiClient } from '../../../lib/api/types';

export const tableQueries = {
  /** The one guarded tables list (shared with a project's tables). */
  list: (client: ApiClient) => resourceQueries.tableList(client),
  detail: (client: ApiClient, tableId: string) =>
    queryOptions({
      queryKey: queryKeys.table(tableId),
      queryFn: ({ signal }) => client.getTable(tableId, { signal }),
    }),
};
