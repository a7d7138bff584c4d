import { useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { preloadSortFilterSheet } from '../cards/lazy-sort-filter-sheet';
import { preloadRecordSidePanel } from '../panel/lazy-record-side-panel';

/** Once the first records are on screen, the code of what a tap opens next, while idle. */
export function usePreloadWhatTapsOpen(recordsShown: boolean, cards: boolean) {
  useEffect(() => {
    if (!recordsShown) return;
    return whenIdle(() => {
      preloadRecordSidePanel();
      if (cards) preloadSortFilterSheet();
    });
  }, [recordsShown, cards]);
}
