import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { checkedListOf } from '../../../lib/api/guarded-list';
import { resourceQueries } from '../../../lib/api/resource-queries';
import { useWalkToEnd } from '../../../lib/use-walk-to-end';
import { tableQueries } from '../api/record-queries';
import { type LinkingColumn, linkingColumnsOf } from './linking-columns';

export interface LinkingColumns {
  columns: LinkingColumn[];
  /** Still reading the tables list or a table's columns. */
  loading: boolean;
  /** Tables whose columns could not be read: links from them may be missing. */
  unreadTables: number;
}

/**
 * The columns of every table that link to `tableId`. The API has no reverse index: the
 * tables list (the sidebar's, shared and guarded) is followed to its end and each table's
 * columns read (one request a table, cached a minute like the grid's own).
 */
export function useLinkingColumns(tableId: string, enabled = true): LinkingColumns {
  const client = useApiClient();
  const list = useInfiniteQuery(resourceQueries.tableList(client));
  useWalkToEnd(list, !list.isError);
  const tables = checkedListOf(list.data).items;
  const details = useQueries({
    queries: tables.map((table) => ({ ...tableQueries.detail(client, table.id), enabled })),
    combine: (results) => ({
      data: results.map((result) => result.data),
      pending: results.some((result) => result.isPending),
      unread: results.filter((result) => result.isError).length,
    }),
  });
  const loading = !enabled || list.isPending || list.hasNextPage || details.pending;
  const unreadTables = details.unread;
  const columns = useMemo(
    () =>
      linkingColumnsOf(
        tableId,
        tables.map((summary, index) => ({ summary, detail: details.data[index] })),
      ),
    [tableId, tables, details.data],
  );
  return { columns, loading, unreadTables };
}
