import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigation } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingIndicator } from '../../components/loading-indicator';
import { paths } from '../../config/paths';
import { tableQueries } from '../../features/tables/api/table-queries';
import { useApiClient } from '../../lib/api/api-client-context';
import type { Scope } from '../../lib/api/types';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';
import { useT } from '../../lib/i18n/i18n-react';

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
  const t = useT();
  if (!canRead('tables:read')) {
    const start = START_PAGES.find(([scope]) => canRead(scope));
    if (start) return <Navigate to={start[1]()} replace />;
    return (
      <EmptyState
        title={t('shell.home.nothingTitle')}
        description={t('shell.home.nothingDescription')}
      />
    );
  }
  return <FirstTable />;
}

function FirstTable() {
  const client = useApiClient();
  const t = useT();
  // A person who chose another page while the tables were loading is going there: the
  // first table must not take over once the list arrives.
  const leaving = useNavigation().state !== 'idle';
  // The same query as the sidebar's, so this costs no extra request.
  const tables = useInfiniteQuery(tableQueries.list(client));

  if (tables.isPending) {
    return (
      <LoadingIndicator
        label={t('shell.home.loadingTables')}
        failureReason={tables.failureReason}
      />
    );
  }
  if (tables.isError) {
    return (
      <div className="p-4">
        <ErrorPanel error={tables.error} onRetry={() => void tables.refetch()} />
      </div>
    );
  }
  const first = tables.data.pages[0]?.items[0];
  if (leaving) return <LoadingIndicator />;
  if (first) return <Navigate to={paths.table(first.id)} replace />;
  return (
    <EmptyState
      title={t('shell.home.welcomeTitle')}
      description={t('shell.home.welcomeDescription')}
      action={
        <Link to={paths.skills()} className={buttonClasses('secondary')}>
          {t('shell.home.browseSkills')}
        </Link>
      }
    />
  );
}
