import { useT } from '../../../lib/i18n/i18n-react';

/** The header's way into a column's summary: small, named after the column for screen readers. */
export function ColumnSummaryButton({
  columnName,
  expanded,
  onClick,
  buttonRef,
}: {
  columnName: string;
  expanded: boolean;
  onClick: () => void;
  buttonRef?: (element: HTMLButtonElement | null) => void;
}) {
  const t = useT();
  const label = t('records.summary.open', { column: columnName });
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      aria-expanded={expanded}
      title={label}
      onClick={onClick}
      className="inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center rounded text-slate-500 pointer-coarse:min-h-11 pointer-coarse:min-w-11 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100"
    >
      {/* Three bars of a chart. */}
      <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 fill-current">
        <rect x="1" y="6" width="2.5" height="5" />
        <rect x="4.75" y="2" width="2.5" height="9" />
        <rect x="8.5" y="4" width="2.5" height="7" />
      </svg>
    </button>
  );
}
