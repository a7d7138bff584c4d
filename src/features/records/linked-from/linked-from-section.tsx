import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../../lib/api/api-client-context';
import { formatNumber } from '../../../lib/i18n/formats';
import { useT } from '../../../lib/i18n/i18n-react';
import { LINKED_COUNT_BOUND, linkedCountQuery } from './linked-count';
import { linkedRecordsPath } from './linked-path';
import type { LinkingColumn } from './linking-columns';
import { useAfterGridLoads } from './use-after-grid-loads';
import { useLinkingColumns } from './use-linking-columns';

// Stands in for the column's name while the message is made, so the name can be its own element.
const SLOT = '\u2063';

function LinkedCount({ linking, recordId }: { linking: LinkingColumn; recordId: string }) {
  const t = useT();
  const client = useApiClient();
  const count = useQuery(linkedCountQuery(client, linking.table.id, linking.column.name, recordId));
  if (count.isError) return <>{t('records.linkedFrom.countFailed')}</>;
  if (!count.data) return <>{t('records.linkedFrom.counting')}</>;
  return (
    <>
      {count.data.more
        ? t('records.linkedFrom.countMore', { number: formatNumber(LINKED_COUNT_BOUND) })
        : t('records.linkedFrom.count', { number: formatNumber(count.data.count) })}
    </>
  );
}

/**
 * The record panel's "Linked from": each table and column whose REFERENCE points at this
 * record's table, how many of its records point at this record (exact up to 500), and a
 * link to that table filtered to them.
 */
export function LinkedFromSection({ tableId, recordId }: { tableId: string; recordId: string }) {
  const t = useT();
  const headingId = useId();
  const { columns, loading, unreadTables, searchedOnly } = useLinkingColumns(
    tableId,
    useAfterGridLoads(tableId),
  );
  // Nothing while the tables are read: most tables have no links to them, and a section
  // that appears only to vanish would move the panel under the reader.
  if (columns.length === 0 && unreadTables === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="max-h-[40%] shrink-0 overflow-auto border-t border-slate-200 px-3 py-3 text-sm dark:border-slate-800"
    >
      <h3 id={headingId} className="text-xs font-semibold text-slate-600 dark:text-slate-400">
        {t('records.linkedFrom.title')}
      </h3>
      {columns.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {columns.map((linking) => {
            const [before = '', after = ''] = t('records.linkedFrom.through', {
              column: SLOT,
            }).split(SLOT);
            return (
              <li key={`${linking.table.id}:${linking.column.name}`}>
                <Link
                  to={linkedRecordsPath(linking.table.id, linking.column.name, recordId)}
                  className="inline-flex min-h-6 items-center pointer-coarse:min-h-11 text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
                >
                  <span translate="no">{linking.table.name}</span>{' '}
                  <LinkedCount linking={linking} recordId={recordId} />
                </Link>{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {before}
                  <span translate="no">{linking.column.name}</span>
                  {after}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {loading ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('records.linkedFrom.looking')}
        </p>
      ) : null}
      {searchedOnly !== null ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('records.linkedFrom.searchedOnly', { count: searchedOnly })}
        </p>
      ) : null}
      {unreadTables > 0 ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('records.linkedFrom.unreadTables', { count: unreadTables })}
        </p>
      ) : null}
    </section>
  );
}
