// Room linked-from/: which records of other tables link to this one, in the record panel.
// Owns the section (here), finding the linking columns (use-linking-columns.ts), counting
// the links (linked-count.ts) and the address of the linked records (linked-path.ts).
// May import api/, views/ (the address is written as the view in the URL is), lib/, config/.
import { useQueries } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { useApiClient } from '../../../lib/api/api-client-context';
import { formatNumber } from '../../../lib/i18n/formats';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { LINKED_COUNT_BOUND, linkedCountQuery } from './linked-count';
import { linkedRecordsPath } from './linked-path';
import type { LinkingColumn } from './linking-columns';
import { useAfterGridLoads } from './use-after-grid-loads';
import { useLinkingColumns } from './use-linking-columns';

// Stands in for the column's name while the message is made, so the name can be its own element.
const SLOT = '\u2063';

type CountState =
  | { kind: 'counting' }
  | { kind: 'failed' }
  | { kind: 'counted'; count: number; more: boolean };

function countText(t: Translate, state: Exclude<CountState, { kind: 'counting' }>): string {
  if (state.kind === 'failed') return t('records.linkedFrom.countFailed');
  return state.more
    ? t('records.linkedFrom.countMore', { number: formatNumber(LINKED_COUNT_BOUND) })
    : t('records.linkedFrom.count', { number: formatNumber(state.count) });
}

/** Each linking column's count: a column with no record pointing here is not listed. */
function useLinkedCounts(linking: readonly LinkingColumn[], recordId: string): CountState[] {
  const client = useApiClient();
  return useQueries({
    queries: linking.map((column) =>
      linkedCountQuery(client, column.table.id, column.column.name, recordId),
    ),
    combine: (results) =>
      results.map((result): CountState => {
        if (result.isError) return { kind: 'failed' };
        if (!result.data) return { kind: 'counting' };
        return { kind: 'counted', count: result.data.count, more: result.data.more };
      }),
  });
}

/**
 * The record panel's "Linked from": each table and column whose REFERENCE points at this
 * record's table and at least one of whose records points at this record, how many (exact
 * up to 500), and a link to that table filtered to them. Until the counts are in, it says
 * it is counting; when none points here, it says that.
 */
export function LinkedFromSection({ tableId, recordId }: { tableId: string; recordId: string }) {
  const t = useT();
  const headingId = useId();
  const { columns, loading, unreadTables, searchedOnly } = useLinkingColumns(
    tableId,
    useAfterGridLoads(tableId),
  );
  const counts = useLinkedCounts(columns, recordId);
  // Nothing while the tables are read: most tables have no links to them, and a section
  // that appears only to vanish would move the panel under the reader.
  if (columns.length === 0 && unreadTables === 0) return null;
  // A table none of whose records points here is no link: listed only once counted above 0
  // (or when its count failed, as it may have some).
  const listed = columns.flatMap((linking, index) => {
    const state = counts[index] ?? { kind: 'counting' };
    if (state.kind === 'failed' || (state.kind === 'counted' && state.count > 0)) {
      return [{ linking, state }];
    }
    return [];
  });
  const counting = counts.some((state) => state.kind === 'counting');
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={counting || loading ? true : undefined}
      className="max-h-[40%] shrink-0 overflow-auto border-t border-slate-200 px-3 py-3 text-sm dark:border-slate-800"
    >
      <h3 id={headingId} className="text-xs font-semibold text-slate-600 dark:text-slate-400">
        {t('records.linkedFrom.title')}
      </h3>
      {listed.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {listed.map(({ linking, state }) => {
            const [before = '', after = ''] = t('records.linkedFrom.through', {
              column: SLOT,
            }).split(SLOT);
            return (
              <li key={`${linking.table.id}:${linking.column.name}`}>
                <Link
                  to={linkedRecordsPath(linking.table.id, linking.column.name, recordId)}
                  className="inline-flex min-h-6 items-center pointer-coarse:min-h-11 text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
                >
                  {/* One inline run: a flex box would drop the space between name and count. */}
                  <span>
                    <span translate="no">{linking.table.name}</span> {countText(t, state)}
                  </span>
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
      {!loading && counting ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('records.linkedFrom.countingLinks')}
        </p>
      ) : null}
      {!loading && !counting && listed.length === 0 && columns.length > 0 ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('records.linkedFrom.none')}
        </p>
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
