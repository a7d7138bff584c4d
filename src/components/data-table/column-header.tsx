import { useT } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';
import type { AriaSort } from './data-table-types';

export type ColumnSortState = 'asc' | 'desc' | null;

export function ariaSortOf(state: ColumnSortState): AriaSort {
  if (state === 'asc') return 'ascending';
  if (state === 'desc') return 'descending';
  return 'none';
}

const NEXT_ACTION: Record<'asc' | 'desc' | 'none', MessageKey> = {
  none: 'common.table.sort.hintNone',
  asc: 'common.table.sort.hintAsc',
  desc: 'common.table.sort.hintDesc',
};

/**
 * The header's sort control: a button named after the column (aria-sort on the
 * surrounding columnheader announces the order), cycling asc → desc → none.
 */
export function ColumnSortButton({
  label,
  description,
  sort,
  onToggle,
}: {
  label: string;
  description?: string | null;
  sort: ColumnSortState;
  onToggle: () => void;
}) {
  const t = useT();
  const glyph = sort === 'asc' ? '▲' : sort === 'desc' ? '▼' : '↕';
  const hint = t(NEXT_ACTION[sort ?? 'none']);
  return (
    <button
      type="button"
      onClick={onToggle}
      // The name first: a long one is cut in its header, and this shows it whole.
      title={[label, description, hint].filter(Boolean).join('\n')}
      className="flex min-h-6 min-w-0 items-center gap-1 rounded text-left pointer-coarse:min-h-11 font-semibold hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-400"
    >
      <span dir="auto" translate="no" className="truncate">
        {label}
      </span>
      <span
        aria-hidden="true"
        className={`text-xs ${sort ? 'text-blue-700 dark:text-blue-400' : 'text-slate-400 dark:text-slate-500'}`}
      >
        {glyph}
      </span>
    </button>
  );
}
