import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordQuery } from '../../../lib/api/types';

/** A view's key (its query's, as the grid caches its pages): the find worker holds them by it. */
export function viewKey(tableId: string, query: RecordQuery): string {
  return JSON.stringify(queryKeys.recordList(tableId, query));
}
