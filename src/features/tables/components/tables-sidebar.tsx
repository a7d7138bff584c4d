import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useId } from 'react';
import { matchPath } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NavAnchor, useCurrentPathname } from '../../../components/nav-anchor';
import { paths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../../lib/api/paging-guard';
import type { TableSummary } from '../../../lib/api/types';
import { useReadableScopes } from '../../../lib/auth/use-readable-scopes';
import { useT } from '../../../lib/i18n/i18n-react';
import { useCheckedList } from '../../../lib/use-checked-list';
import { useSearchOverLoaded } from '../../../lib/use-search-over-loaded';
import { useNewestRecordUpdate } from '../../../lib/visit-memory/record-changes';
import { useLastVisits } from '../../../lib/visit-memory/visit-memory-context';
import { tableScreenKey } from '../../../lib/visit-memory/workspace-visit-memory';
import { tableQueries } from '../api/table-queries';

const searchableTextsOfTable = (table: TableSummary) => [table.name];

/** The id of the table the path shows, decoded as `useMatch` gives it, or null. */
function openTableOf(pathname: string): string | null {
  const segment = matchPath('/tables/:tableId/*', pathname)?.params.tableId;
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The workspace's tables, loaded a page at a time as the list scrolls, with a search over
 * the names loaded so far. The open table's link carries aria-current="page". Drawn again
 * when the path changes, not the query string (a sort or a filter of the open table).
 */
export const TablesSidebar = memo(function TablesSidebar({
  onNavigate,
}: {
  onNavigate?: () => void;
}) {
  const { canRead } = useReadableScopes();
  if (!canRead('tables:read')) return <TablesNotReadable />;
  return <TablesList onNavigate={onNavigate} />;
});

/** A key without tables:read: say so where the tables would be, instead of a list that fails. */
function TablesNotReadable() {
  const headingId = useId();
  const t = useT();
  return (
    <section aria-labelledby={headingId} className="px-3 pt-3 pb-2">
      <h2
        id={headingId}
        className="pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {t('shell.tables.heading')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('shell.tables.notReadable')}</p>
    </section>
  );
}

function TablesList({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const client = useApiClient();
  const t = useT();
  const tables = useInfiniteQuery(tableQueries.list(client));
  const { search, setSearch, appliedSearch, loaded, visible } = useSearchOverLoaded(
    tables.data,
    searchableTextsOfTable,
  );
  const { stoppedMessage } = useCheckedList(tables.data, LIST_NOUNS.tables);
  const searchId = useId();
  const headingId = useId();
  const visits = useLastVisits(visible.map((table) => tableScreenKey(table.id)));
  // The open table is being looked at: nothing to ask about it until the person leaves.
  const openTableId = openTableOf(useCurrentPathname());
  // The links render just after the page beside them, in a render of their own: a
  // workspace's first screen shows its rows without waiting for them (10–20 ms of Connect
  // → first row at 2× CPU, decision 041).
  const linksShown = useDeferredValue(true, false);

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <h2
        id={headingId}
        className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {t('shell.tables.heading')}
      </h2>
      <div className="px-3 pb-2">
        <label htmlFor={searchId} className="sr-only">
          {t('shell.tables.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('shell.tables.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-2">
        {tables.isPending ? (
          <LoadingIndicator
            label={t('shell.tables.loading')}
            failureReason={tables.failureReason}
          />
        ) : tables.isError && loaded.length === 0 ? (
          <ErrorPanel
            className="mx-1.5"
            error={tables.error}
            onRetry={() => void tables.refetch()}
          />
        ) : (
          <>
            {loaded.length === 0 && !tables.hasNextPage && stoppedMessage === null && (
              <p className="px-2 py-1 text-sm text-slate-500 dark:text-slate-400">
                {t('shell.tables.empty')}
              </p>
            )}
            {loaded.length > 0 && visible.length === 0 && (
              <p className="px-2 py-1 text-sm text-slate-500 dark:text-slate-400">
                {tables.hasNextPage
                  ? t('shell.tables.noMatchPartial', {
                      search: appliedSearch,
                      count: loaded.length,
                    })
                  : t('shell.tables.noMatch', { search: appliedSearch })}
              </p>
            )}
            <ul className="space-y-px">
              {(linksShown ? visible : []).map((table) => (
                <TableLink
                  key={table.id}
                  table={table}
                  lastVisit={
                    table.id === openTableId
                      ? null
                      : (visits.get(tableScreenKey(table.id))?.seenAt ?? null)
                  }
                  onNavigate={onNavigate}
                />
              ))}
            </ul>
            <InfiniteListFooter
              list={tables}
              label={t('shell.tables.loadMore')}
              stopped={stoppedMessage}
              className="mx-1.5 mt-2"
            />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * One table's link, with a dot when a record was updated after this person last looked at
 * the table (on this device): the dot is named, and describes the link, for those who
 * don't see it. A table never looked at, or open now, asks nothing and shows nothing.
 */
function TableLink({
  table,
  lastVisit,
  onNavigate,
}: {
  table: TableSummary;
  lastVisit: number | null;
  onNavigate: (() => void) | undefined;
}) {
  const t = useT();
  const dotId = useId();
  const newest = useNewestRecordUpdate(table.id, lastVisit !== null);
  const changed = lastVisit !== null && newest !== null && newest > lastVisit;
  return (
    <li className="flex items-center">
      <NavAnchor
        to={paths.table(table.id)}
        onClick={onNavigate}
        title={table.name}
        translate="no"
        aria-describedby={changed ? dotId : undefined}
        className={({ isActive }) =>
          `block min-w-0 flex-1 truncate rounded px-2 py-1 text-sm pointer-coarse:py-3 focus-visible:outline-2 focus-visible:outline-blue-600 ${
            isActive
              ? 'bg-blue-100 font-medium text-blue-900 dark:bg-blue-900/50 dark:text-blue-100'
              : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800'
          }`
        }
      >
        {table.name}
      </NavAnchor>
      {changed ? (
        <span
          id={dotId}
          role="img"
          aria-label={t('shell.tables.changedSinceVisit')}
          title={t('shell.tables.changedSinceVisit')}
          className="mx-1.5 size-2 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400"
        />
      ) : null}
    </li>
  );
}
