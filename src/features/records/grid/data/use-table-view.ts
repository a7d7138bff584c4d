import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../../lib/api/api-client-context';
import { tableQueries } from '../../api/record-queries';
import { useYourViews } from '../../views/your-views/use-your-views';
import { asTableView } from '../../views/your-views/your-views';
import { useTableUrlState } from './use-table-url-state';

/**
 * A table's description and the view of it in the URL: the service's views and the
 * person's own (docs/decisions/049) are what a `view=<id>` in the URL can name.
 */
export function useTableView(tableId: string) {
  const client = useApiClient();
  // Both requests leave while this render runs (a route change renders before its effects
  // run, and the observers below only fetch from effects); nothing is fetched twice. The
  // records request does not wait for the table: a `view=<id>` in the URL is sent as it is.
  usePrefetchQuery(tableQueries.detail(client, tableId));
  const tableQuery = useQuery(tableQueries.detail(client, tableId));
  // The person's own views of this table (docs/decisions/049), beside the service's.
  const yours = useYourViews(tableId);
  const yourTableViews = useMemo(() => yours.views.map(asTableView), [yours.views]);
  const tableDetailData = tableQuery.data;
  const viewsOfTable = useMemo(
    () =>
      tableDetailData
        ? { views: tableDetailData.views, columns: tableDetailData.columns, yours: yourTableViews }
        : null,
    [tableDetailData, yourTableViews],
  );
  const urlState = useTableUrlState(viewsOfTable);
  return { tableQuery, yours, urlState };
}
