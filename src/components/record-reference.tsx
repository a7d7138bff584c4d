import { memo } from 'react';
import { isRecordId } from '../lib/record-label';
import { useRecordLabel } from '../lib/use-record-label';
import { useTellingLine } from '../lib/use-telling-line';
import { EntityLink } from './entity-link';

/**
 * A REFERENCE value shown as the linked record's label, linking to that record (its table
 * with the record open). `tableId` is the linked table (`settings.table_id`), null when
 * the column doesn't say. When another record on screen has the same label, a second line
 * tells them apart (its table's next most telling field: lib/telling-field.ts).
 */
export const RecordReference = memo(function RecordReference({
  tableId,
  value,
  settleMs,
}: {
  tableId: string | null;
  value: unknown;
  /** How long the record must be shown before its label is asked for (LABEL_SETTLE_MS). */
  settleMs?: number;
}) {
  const label = useRecordLabel(tableId, value, settleMs);
  const to =
    tableId !== null && isRecordId(value) ? { kind: 'record' as const, tableId, id: value } : null;
  const tellingLine = useTellingLine(
    to === null ? null : tableId,
    to === null ? '' : to.id,
    label.status === 'ready' ? label.text : null,
  );
  const link = (
    <EntityLink
      to={to}
      label={label.text}
      loading={label.status === 'loading'}
      unavailable={label.status === 'unavailable' ? label.reason : null}
    />
  );
  if (tellingLine === null) return link;
  return (
    <span className="flex min-w-0 flex-col leading-4">
      {link}
      <span
        dir="auto"
        translate="no"
        className="truncate text-[11px] leading-3 text-slate-600 dark:text-slate-400"
      >
        {tellingLine}
      </span>
    </span>
  );
});

/** Several references (a multi-REFERENCE value), each its own link; the rest counted. */
export function RecordReferences({
  tableId,
  values,
  max = 3,
  settleMs,
}: {
  tableId: string | null;
  values: readonly unknown[];
  max?: number;
  settleMs?: number;
}) {
  const shown = values.slice(0, max);
  return (
    <span className="flex min-w-0 items-baseline gap-1 overflow-hidden">
      {shown.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ids may repeat; a list never reorders in place
        <span key={index} className="flex min-w-0 items-baseline">
          <RecordReference tableId={tableId} value={value} settleMs={settleMs} />
          {index < shown.length - 1 ? <span aria-hidden="true">,</span> : null}
        </span>
      ))}
      {values.length > max ? (
        <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
          +{values.length - max}
        </span>
      ) : null}
    </span>
  );
}
