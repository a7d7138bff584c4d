import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigationType, useParams } from 'react-router';
import { AppLinksProvider } from '../../components/app-links';
import { useT } from '../../lib/i18n/i18n-react';
import { useViewMemory } from '../../lib/view-memory/view-memory-context';
import { RecordsView } from './grid/records-view';
import { GridMessage } from './shared-ui/records-states';
import { lastViewOf } from './views/last-view';
import { namesAView } from './views/your-views/your-views';

/** Navigation state of a table reached through its last view: its row is returned to too. */
export interface ReturningState {
  returning: true;
}

export function isReturning(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as ReturningState).returning === true
  );
}

/**
 * The records grid at `/tables/:tableId`, and with a record's panel open at
 * `/tables/:tableId/records/:recordId`. One route (`tables/:tableId/*`) serves both, so
 * opening and closing a record never remounts the grid or loses its scroll position.
 *
 * Back where you were (docs/decisions/049): coming to a table from elsewhere (the sidebar,
 * Go to, a link or an address without view parameters) returns to the view it was last
 * shown with, and to its row; a link that names a view (`view`, `sort`, `filter[…]`,
 * `mine`, a shared layout) opens that instead.
 */
export function RecordsPage() {
  const t = useT();
  const { tableId, '*': rest } = useParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const memory = useViewMemory();
  // The table this page last showed: a change within the table (clearing a sort) is not
  // an arrival.
  const shownTable = useRef<string | null>(null);
  useEffect(() => {
    shownTable.current = tableId ?? null;
  });
  if (!tableId) return <GridMessage title={t('records.page.chooseTable')} />;
  const recordId = /^records\/([^/]+)\/?$/.exec(rest ?? '')?.[1] ?? null;

  const arriving =
    shownTable.current !== tableId &&
    recordId === null &&
    !isReturning(location.state) &&
    !namesAView(new URLSearchParams(location.search)) &&
    // Back and Forward show what that history entry showed; a new tab's first address
    // (key "default": no history state yet) is a link like any other.
    (navigationType !== 'POP' || location.key === 'default');
  if (arriving) {
    const last = lastViewOf(memory, tableId);
    // A first address without parameters whose last view is the table as it is: the grid's
    // own reload handling already returns to the row.
    if (last !== null && !(navigationType === 'POP' && last === '')) {
      const state: ReturningState = { returning: true };
      return (
        <Navigate
          to={{ pathname: location.pathname, search: last === '' ? '' : `?${last}` }}
          state={state}
          replace
        />
      );
    }
  }
  // A fresh view per table: column widths, the open record and the last good view belong to one table.
  // Linked records' links are drawn by the hundred while the grid scrolls: plain links
  // whose address is worked out once here (components/app-links.tsx).
  return (
    <AppLinksProvider>
      <RecordsView key={tableId} tableId={tableId} recordId={recordId} />
    </AppLinksProvider>
  );
}
