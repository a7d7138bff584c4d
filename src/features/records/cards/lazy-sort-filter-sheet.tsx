import { type ComponentProps, Suspense, useState } from 'react';
import { useEscapeWhileOpening } from '../../../components/escape-while-opening';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// The sheet's code (its filters, the reference picker) loads when it is first opened, or
// ahead of that while the page is idle (preloadSortFilterSheet), not before the cards.
const { Component: SortFilterSheet, preload: preloadSortFilterSheet } = lazyWithPreload(() =>
  import('./sort-filter-sheet').then((module) => module.SortFilterSheet),
);

export { preloadSortFilterSheet };

/** "Sort and filter": mounted from its first opening on, so closing it returns focus as usual. */
export function LazySortFilterSheet(props: ComponentProps<typeof SortFilterSheet>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={props.open ? <SheetLoading onClose={props.onClose} /> : null}>
      <SortFilterSheet {...props} />
    </Suspense>
  );
}

/**
 * Where the sheet will be while its code loads (a tap before the page was idle, on a slow
 * link): a bar at the foot of the screen saying so, rather than nothing at all. An Escape
 * meanwhile closes the sheet on its way, focus still on its button.
 */
function SheetLoading({ onClose }: { onClose: () => void }) {
  useEscapeWhileOpening(onClose);
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 rounded-t-xl border-t border-slate-200 bg-white shadow-lg dark:border-slate-800 dark:bg-slate-900">
      <LoadingIndicator />
    </div>
  );
}
