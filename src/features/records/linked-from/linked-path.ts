import { paths } from '../../../config/paths';
import { writeRecordQuery } from '../views/view-url-writer';

/** The grid of `tableId` filtered to the records whose `column` holds `recordId`. */
export function linkedRecordsPath(tableId: string, column: string, recordId: string): string {
  const search = writeRecordQuery(new URLSearchParams(), {
    sort: null,
    filters: { [column]: recordId },
  }).toString();
  return `${paths.table(tableId)}?${search}`;
}
