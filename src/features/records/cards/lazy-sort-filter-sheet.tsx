import { type ComponentProps, lazy, Suspense, useState } from 'react';

// The sheet's code (its filters, the reference picker) loads when it is first opened, or
// ahead of that while the page is idle (preloadSortFilterSheet), not before the cards.
const loadSortFilterSheet = () => import('./sort-filter-sheet');
const SortFilterSheet = lazy(() =>
  loadSortFilterSheet().then((module) => ({ default: module.SortFilterSheet })),
);

export function preloadSortFilterSheet(): void {
  loadSortFilterSheet().catch(() => {
    // Offline or a redeploy: opening the sheet loads (and reports) it again.
  });
}

/** "Sort and filter": mounted from its first opening on, so closing it returns focus as usual. */
export function LazySortFilterSheet(props: ComponentProps<typeof SortFilterSheet>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SortFilterSheet {...props} />
    </Suspense>
  );
}
