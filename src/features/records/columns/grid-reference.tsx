import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RecordReference, RecordReferences } from '../../../components/record-reference';
import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordRow, TableDetail } from '../../../lib/api/types';
import { formatList, formatNumber } from '../../../lib/i18n/formats';
// The module's `t`: RecordCell draws this again when the language changes.
import { t } from '../../../lib/i18n/i18n';
import { isRecordId, recordLabelOf, shortIdOf } from '../../../lib/record-label';
import { LABEL_SETTLE_MS } from '../../../lib/use-record-label';

const SETTLING_TEXT = 'truncate text-blue-700 dark:text-blue-300';

/**
 * True once `value` has stayed the same for `delayMs`. A grid cell is reused for another
 * row as the grid scrolls (row-keys.ts), so the wait starts again with each new value.
 */
function useSettledValue(value: string, delayMs: number): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled === value;
}

/** What a person calls a linked record, when it is already in the cache; else its short id. */
function knownLabelOf(
  cached: (tableId: string, recordId: string) => RecordRow | undefined,
  tableColumns: TableDetail['columns'] | null,
  tableId: string | null,
  value: unknown,
): string {
  if (!isRecordId(value)) return typeof value === 'string' ? value : JSON.stringify(value);
  const record = tableId === null ? undefined : cached(tableId, value);
  return (record && recordLabelOf(record, tableColumns)) ?? shortIdOf(value);
}

/**
 * A REFERENCE cell of the grid. A row scrolled past in a fling shows the linked record's
 * label if it is known, else its short id, as text; the link and its label request (two
 * queries and a router link per cell: a fifth of a fast scroll's rendering, issue 13)
 * come once the cell has stayed drawn for the label's settle delay.
 */
export function GridReference({ tableId, value }: { tableId: string | null; value: unknown }) {
  const queryClient = useQueryClient();
  const settled = useSettledValue(
    Array.isArray(value) ? value.join(',') : String(value),
    LABEL_SETTLE_MS,
  );
  if (settled) {
    // Keyed by value: RecordReference waits its own settle delay from its first render.
    return Array.isArray(value) ? (
      <RecordReferences key={value.join(',')} tableId={tableId} values={value} />
    ) : (
      <RecordReference key={String(value)} tableId={tableId} value={value} />
    );
  }
  const cached = (linkedTableId: string, recordId: string) =>
    queryClient.getQueryData<RecordRow>(queryKeys.record(linkedTableId, recordId));
  const columns =
    tableId === null
      ? null
      : (queryClient.getQueryData<TableDetail>(queryKeys.table(tableId))?.columns ?? null);
  const values = Array.isArray(value) ? value.slice(0, 3) : [value];
  const text = formatList(
    values.map((item) => knownLabelOf(cached, columns, tableId, item)),
    'unit',
  );
  return (
    <span dir="auto" translate="no" className={SETTLING_TEXT}>
      {Array.isArray(value) && value.length > 3
        ? t('records.cell.listAndMore', { items: text, count: formatNumber(value.length - 3) })
        : text}
    </span>
  );
}
