import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingIndicator } from '../../components/loading-indicator';
import { paths } from '../../config/paths';
import { tableQueries } from '../../features/tables/api/table-queries';
import { useApiClient } from '../../lib/api/api-client-context';
import type { Scope } from '../../lib/api/types';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';

/**
 * Where a key that cannot read tables starts: the first other kind of data it can read,
 * in the sidebar's order.
 */
const START_PAGES: ReadonlyArray<readonly [Scope, () => string]> = [
  ['skills:read', paths.skills],
  ['tasks:read', () => paths.tasks()],
  ['pages:read', paths.pages],
  ['projects:read', paths.projects],
];

/** `/`: straight to the first table; otherwise the first thing this key can read. */
export function HomeRoute() {
  const { canRead } = useReadableScopes();
  if (!canRead('tables:read')) {
    const start = START_PAGES.find(([scope]) => canRead(scope));
    if (start) return <Navigate to={start[1]()} replace />;
    return (
      <EmptyState
        title="Nothing to show"
        description="This key is not allowed to see any of this workspace’s data. Ask whoever manages your workspace’s keys for one that can."
      />
    );
  }
  return <FirstTable />;
}

function FirstTable() {
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
