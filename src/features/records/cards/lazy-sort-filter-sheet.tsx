import { type ComponentProps, Suspense, useState } from 'react';
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
    <Suspense fallback={null}>
      <SortFilterSheet {...props} />
    </Suspense>
  );
}
