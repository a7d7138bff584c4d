import { type ComponentProps, Suspense } from 'react';
import { useEscapeWhileOpening } from '../../../components/escape-while-opening';
import { useT } from '../../../lib/i18n/i18n-react';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';

// The charts and their formatting load with the first summary opened, not with the grid.
const ColumnSummaryPanel = lazyWithRetry(() =>
  import('./column-summary-panel').then((module) => ({ default: module.ColumnSummaryPanel })),
);

export function LazyColumnSummaryPanel(props: ComponentProps<typeof ColumnSummaryPanel>) {
  return (
    <Suspense fallback={<SummaryLoading column={props.column.name} onClose={props.onClose} />}>
      <ColumnSummaryPanel {...props} />
    </Suspense>
  );
}

/** The panel's place while its code loads; an Escape meanwhile closes the panel on its way. */
function SummaryLoading({ column, onClose }: { column: string; onClose: () => void }) {
  const t = useT();
  useEscapeWhileOpening(onClose);
  return (
    <aside
      aria-busy="true"
      aria-label={t('records.summary.open', { column })}
      className="w-full max-w-sm shrink-0 border-l border-slate-200 p-3 text-sm dark:border-slate-800"
    >
      {t('records.summary.loading')}
    </aside>
  );
}
