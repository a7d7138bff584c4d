import { useParams } from 'react-router';
import { GridMessage } from './grid/records-states';
import { RecordsView } from './grid/records-view';

/** The records grid at `/tables/:tableId`. */
export function RecordsPage() {
  const { tableId } = useParams();
  if (!tableId) return <GridMessage title="Choose a table to browse its records" />;
  // A fresh view per table: column widths, the open record and the last good view belong to one table.
  return <RecordsView key={tableId} tableId={tableId} />;
}
