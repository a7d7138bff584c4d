import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { TABLES_PAGE_SIZE } from '../../../lib/api/endpoints';
import { checkedListOf } from '../../../lib/api/guarded-list';
import { resourceQueries } from '../../../lib/api/resource-queries';
import { createConcurrencyLimit } from '../../../lib/concurrency-limit';
import { tableQueries } from '../api/record-queries';
import { type LinkingColumn, linkingColumnsOf } from './linking-columns';

/**
 * Tables whose columns are read to find links: the sidebar's first page (it loads more only
 * when asked, and this does not ask for it); a workspace of thousands is not read whole.
 */
export const MAX_TABLES_SEARCHED = TABLES_PAGE_SIZE;

/** A few column reads at a time, so they never crowd out the grid's own requests. */
const reading = createConcurrencyLimit(4);

export interface LinkingColumns {
  columns: LinkingColumn[];
  /** Still reading the tables list or a table's columns. */
  loading: boolean;
  /** Tables whose columns could not be read: links from them may be missing. */
  unreadTables: number;
  /** More tables than MAX_TABLES_SEARCHED: links from the others are not looked for. */
  searchedOnly: number | null;
}

/**
 * The columns of the tables that link to `tableId`. The API has no reverse index: the
 * tables the sidebar has loaded (its shared, guarded list; at least its first page of 100)
 * each have their columns read (one request a table, four at a time, cached a minute like
 * the grid's own).
 */
export function useLinkingColumns(tableId: string, enabled = true): LinkingColumns {
  const client = useApiClient();
  const list = useInfiniteQuery(resourceQueries.tableList(client));
  const allTables = checkedListOf(list.data).items;
  const tables = useMemo(() => allTables.slice(0, MAX_TABLES_SEARCHED), [allTables]);
  const details = useQueries({
    queries: tables.map((table) => {
      const detail = tableQueries.detail(client, table.id);
      return {
        ...detail,
        // The grid's own query (same key and data), asked a few at a time.
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          reading.run(() => client.getTable(table.id, { signal }), signal),
        enabled,
      };
    }),
    combine: (results) => ({
      data: results.map((result) => result.data),
      pending: results.some((result) => result.isPending),
      unread: results.filter((result) => result.isError).length,
    }),
  });
  const loading = !enabled || list.isPending || details.pending;
  const unreadTables = details.unread;
  const columns = useMemo(
    () =>
      linkingColumnsOf(
        tableId,
        tables.map((summary, index) => ({ summary, detail: details.data[index] })),
      ),
    [tableId, tables, details.data],
  );
  const searchedOnly =
    allTables.length > MAX_TABLES_SEARCHED || list.hasNextPage ? tables.length : null;
  return { columns, loading, unreadTables, searchedOnly };
}
