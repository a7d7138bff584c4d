import { useParams } from 'react-router';
import { useT } from '../../lib/i18n/i18n-react';
import { GridMessage } from './grid/records-states';
import { RecordsView } from './grid/records-view';

/**
 * The records grid at `/tables/:tableId`, and with a record's panel open at
 * `/tables/:tableId/records/:recordId`. One route (`tables/:tableId/*`) serves both, so
 * opening and closing a record never remounts the grid or loses its scroll position.
 */
export function RecordsPage() {
  const t = useT();
  const { tableId, '*': rest } = useParams();
  if (!tableId) return <GridMessage title={t('records.page.chooseTable')} />;
  const recordId = /^records\/([^/]+)\/?$/.exec(rest ?? '')?.[1] ?? null;
  // A fresh view per table: column widths, the open record and the last good view belong to one table.
  return <RecordsView key={tableId} tableId={tableId} recordId={recordId} />;
}
