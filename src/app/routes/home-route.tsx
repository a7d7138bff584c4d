import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingIndicator } from '../../components/loading-indicator';
import { paths } from '../../config/paths';
import { tableQueries } from '../../features/tables/api/table-queries';
import { useApiClient } from '../../lib/api/api-client-context';

/** `/`: straight to the first table; a welcome when the workspace has none. */
export function HomeRoute() {
  const client = useApiClient();
  // The same query as the sidebar's, so this costs no extra request.
  const tables = useInfiniteQuery(tableQueries.list(client));

  if (tables.isPending) {
    return <LoadingIndicator label="Loading tables…" failureReason={tables.failureReason} />;
  }
  if (tables.isError) {
    return (
      <div className="p-4">
        <ErrorPanel error={tables.error} onRetry={() => void tables.refetch()} />
      </div>
    );
  }
  const first = tables.data.pages[0]?.items[0];
  if (first) return <Navigate to={paths.table(first.id)} replace />;
  return (
    <EmptyState
      title="Welcome"
      description="This workspace has no tables yet. Its skills may still be worth a look."
      action={
        <Link to={paths.skills()} className={buttonClasses('secondary')}>
          Browse skills
        </Link>
      }
    />
  );
}
