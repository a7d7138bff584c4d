import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../../../lib/api/api-client-context';
import { isApiError } from '../../../../lib/api/errors';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { Column } from '../../../../lib/api/types';
import { useT } from '../../../../lib/i18n/i18n-react';
import { isRecordId, recordLabelOf, shortIdOf } from '../../../../lib/record-label';
import { linkedTableQuery } from '../../../../lib/use-record-label';
import { linkedTableOf } from '../../columns/record-cell';

/** Names change rarely; the same lifetime as a REFERENCE cell's label. */
const LABEL_STALE_MS = 5 * 60_000;

interface ReferenceFilter {
  column: string;
  tableId: string;
  recordId: string;
}

function referenceFiltersOf(
  columns: readonly Column[],
  filters: Readonly<Record<string, string>>,
): ReferenceFilter[] {
  const found: ReferenceFilter[] = [];
  for (const [name, value] of Object.entries(filters)) {
    const column = columns.find((candidate) => candidate.name === name);
    const tableId = column?.type === 'REFERENCE' ? linkedTableOf(column.settings) : null;
    if (tableId !== null && isRecordId(value))
      found.push({ column: name, tableId, recordId: value });
  }
  return found;
}

/**
 * What the summary line calls each REFERENCE filter's record: its name once read ("Ada
 * Lovelace"), a short id while it loads, and the short id with the reason when it can't be
 * read. Keyed by column name; filters on other columns, or not holding a record id, are absent.
 * The records and tables are the cache entries the grid's REFERENCE cells use.
 */
export function useReferenceFilterLabels(
  columns: readonly Column[],
  filters: Readonly<Record<string, string>>,
): Record<string, string> {
  const t = useT();
  const client = useApiClient();
  const references = referenceFiltersOf(columns, filters);
  // Two columns may link to one table, or filter by one record: one query each (TanStack
  // Query warns on duplicates).
  const recordKeyOf = (r: ReferenceFilter) => `${r.tableId}/${r.recordId}`;
  const uniqueRecords = [...new Map(references.map((r) => [recordKeyOf(r), r])).values()];
  const recordKeys = uniqueRecords.map(recordKeyOf);
  const records = useQueries({
    queries: uniqueRecords.map(({ tableId, recordId }) => ({
      queryKey: queryKeys.record(tableId, recordId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.getRecord(tableId, recordId, { signal }),
      staleTime: LABEL_STALE_MS,
    })),
  });
  const tableIds = [...new Set(references.map((reference) => reference.tableId))];
  const tables = useQueries({
    queries: tableIds.map((tableId) => linkedTableQuery(client, tableId)),
  });
  const labels: Record<string, string> = {};
  for (const reference of references) {
    const { column, tableId, recordId } = reference;
    const record = records[recordKeys.indexOf(recordKeyOf(reference))];
    const table = tables[tableIds.indexOf(tableId)];
    if (record?.data && table && !table.isPending) {
      labels[column] =
        recordLabelOf(record.data, table.data?.columns ?? null) ?? shortIdOf(recordId);
    } else if (record?.isError) {
      const gone = isApiError(record.error) && record.error.status === 404;
      labels[column] = t(
        gone ? 'records.referenceFilter.labelNotFound' : 'records.referenceFilter.labelUnavailable',
        { id: shortIdOf(recordId) },
      );
    } else {
      labels[column] = shortIdOf(recordId);
    }
  }
  return labels;
}
