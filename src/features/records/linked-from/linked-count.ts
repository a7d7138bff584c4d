import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, RecordRow } from '../../../lib/api/types';
import { createConcurrencyLimit } from '../../../lib/concurrency-limit';
import { type WalkUpToResult, walkUpTo } from '../../../lib/walk-up-to';

/** Counted exactly up to here; past it "500+". One page at the API's largest page size. */
export const LINKED_COUNT_BOUND = 500;

/** A record panel opened on a much-linked table asks a few counts at a time, not all at once. */
const counting = createConcurrencyLimit(2);

/**
 * How many records of `tableId` hold `recordId` in `column` (filter[<column>]=<id>, which
 * for a multiple REFERENCE column means "includes"), paged through the paging guard up to
 * LINKED_COUNT_BOUND. Cached five minutes per record: stepping back to a record is free.
 */
export const linkedCountQuery = (
  client: ApiClient,
  tableId: string,
  column: string,
  recordId: string,
) =>
  queryOptions({
    queryKey: queryKeys.linkedRecordCount(tableId, column, recordId),
    queryFn: ({ signal }): Promise<WalkUpToResult> =>
      counting.run(
        () =>
          walkUpTo<RecordRow>({
            bound: LINKED_COUNT_BOUND,
            signal,
            pageSize: LINKED_COUNT_BOUND,
            idOf: (record) => record.id,
            fetchPage: ({ cursor, limit, signal: pageSignal }) =>
              client.listRecords(
                tableId,
                { sort: null, filters: { [column]: recordId } },
                { cursor, ...(limit ? { limit } : {}), signal: pageSignal },
              ),
          }),
        signal,
      ),
    staleTime: 5 * 60_000,
  });
