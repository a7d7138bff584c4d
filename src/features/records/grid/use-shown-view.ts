import { useEffect, useState } from 'react';
import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordQuery } from '../../../lib/api/types';
import { useRecordWindow } from './use-record-window';
import { viewInputErrorOf } from './view-errors';

function sameQuery(a: RecordQuery, b: RecordQuery): boolean {
  return (
    JSON.stringify(queryKeys.recordList('', a)) === JSON.stringify(queryKeys.recordList('', b))
  );
}

/**
 * The view whose rows are on screen: the URL's, unless the service refused the URL's
 * sort or a filter, in which case the last view that loaded stays up (with the error shown).
 */
export function useShownView(tableId: string, query: RecordQuery) {
  // The first page is asked for alongside the table's description, not after it: one
  // round-trip less before the first row. A missing table fails both; the table's 404 is shown.
  const current = useRecordWindow(tableId, query);
  const inputError = viewInputErrorOf(current.result.error);
  const [lastGoodQuery, setLastGoodQuery] = useState<RecordQuery | null>(null);
  useEffect(() => {
    if (current.result.isSuccess && (lastGoodQuery === null || !sameQuery(lastGoodQuery, query))) {
      setLastGoodQuery(query);
    }
  }, [current.result.isSuccess, query, lastGoodQuery]);
  const isFallback =
    inputError !== null && lastGoodQuery !== null && !sameQuery(lastGoodQuery, query);
  const fallback = useRecordWindow(tableId, lastGoodQuery ?? query, false);
  return { current, shown: isFallback ? fallback : current, inputError, isFallback };
}
