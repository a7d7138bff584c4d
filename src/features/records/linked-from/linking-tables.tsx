import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-react';
import { useAfterGridLoads } from './use-after-grid-loads';
import { useLinkingColumns } from './use-linking-columns';

/**
 * Under a table's title: the tables that link to it, each with the column it links
 * through ("Linked from: Orders (customer)"). Nothing while they are being found, and
 * nothing when none does.
 */
export function LinkingTables({ tableId }: { tableId: string }) {
  const t = useT();
  const { columns } = useLinkingColumns(tableId, useAfterGridLoads(tableId));
  if (columns.length === 0) return null;
  return (
    <div className="flex min-w-0 flex-wrap gap-x-1 text-sm text-slate-600 dark:text-slate-400">
      <span>{t('records.linkingTables.label')}</span>
      <ul className="flex min-w-0 flex-wrap gap-x-2" aria-label={t('records.linkingTables.list')}>
        {columns.map((linking) => (
          <li key={`${linking.table.id}:${linking.column.name}`}>
            <Link
              to={paths.table(linking.table.id)}
              className="inline-flex min-h-6 items-center text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
              translate="no"
            >
              {linking.table.name} ({linking.column.name})
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
