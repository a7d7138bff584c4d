import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useApiClient } from './api/api-client-context';
import { isApiError } from './api/errors';
import { type Translate, useT } from './i18n/i18n-react';
import { isRecordId, labelText, recordLabelOf, shortIdOf } from './record-label';
import { LABEL_SETTLE_MS, type LabelSource, recordLabelStoreFor } from './record-label-store';

export {
  LABEL_BATCH_MS,
  LABEL_REQUESTS_AT_ONCE,
  LABEL_SETTLE_MS,
  linkedTableQuery,
} from './record-label-store';

export type RecordLabel =
  | { status: 'loading'; text: string }
  | { status: 'ready'; text: string }
  /** Shown as `text` (the raw value or a short id), with `reason` on hover. */
  | { status: 'unavailable'; text: string; reason: string };

/** Nothing to look up (not an id, or no linked table): one object, so React sees no change. */
const NOTHING: LabelSource = {
  record: undefined,
  recordError: null,
  table: { columns: null, error: null, settled: false },
};
const watchNothing = () => () => {};

/**
 * The label of the record a REFERENCE value points at: one request per distinct record, a
 * few at a time, once a cell has shown it for LABEL_SETTLE_MS (record-label-store.ts). The
 * cell reads the label synchronously and listens to that record alone, so a recycled cell
 * that shows another record shows that record's label (or its short id) at once, never the
 * one before. While loading, or when the record can't be read, a short id or the raw value
 * is shown, with the reason.
 */
export function useRecordLabel(
  tableId: string | null,
  value: unknown,
  settleMs: number = LABEL_SETTLE_MS,
): RecordLabel {
  const t = useT();
  const client = useApiClient();
  const store = recordLabelStoreFor(useQueryClient(), client);
  const recordId = tableId !== null && isRecordId(value) ? value : null;
  const watch = useCallback(
    (listener: () => void) =>
      tableId === null || recordId === null
        ? watchNothing()
        : store.watch(tableId, recordId, settleMs, listener),
    [store, tableId, recordId, settleMs],
  );
  const read = () =>
    tableId === null || recordId === null ? NOTHING : store.sourceOf(tableId, recordId);
  const source = useSyncExternalStore(watch, read, read);
  return recordLabelFrom(source, tableId, value, t);
}

/**
 * The label as known now (`source` from the store, nothing asked for): what a reference
 * shows, for a cell's link and for the grid's canvas (decision 066) alike.
 */
export function recordLabelFrom(
  source: LabelSource,
  tableId: string | null,
  value: unknown,
  t: Translate,
): RecordLabel {
  if (!isRecordId(value)) {
    return {
      status: 'unavailable',
      text: rawTextOf(value),
      reason: t('common.recordLabel.notAnId'),
    };
  }
  if (tableId === null) {
    return {
      status: 'unavailable',
      text: shortIdOf(value),
      reason: t('common.recordLabel.noLinkedTable'),
    };
  }
  const failure = source.recordError ?? source.table.error;
  if (failure) {
    return { status: 'unavailable', text: shortIdOf(value), reason: reasonOf(failure, t) };
  }
  if (source.record && source.table.settled) {
    const label = recordLabelOf(source.record, source.table.columns);
    return { status: 'ready', text: label ?? shortIdOf(value) };
  }
  // Named by another reader (a find's worker): until the record is read here.
  if (source.named !== undefined && source.named.trim() !== '') {
    return { status: 'ready', text: labelText(source.named) };
  }
  return { status: 'loading', text: shortIdOf(value) };
}

/**
 * The label of the record a REFERENCE value points at as the store knows it now, read
 * without watching or asking: the grid's canvas draws it while scrolling (a name not
 * known yet shows as the link does while loading); the DOM cells drawn when the scrolling
 * stops ask for it as they always do.
 */
export function useRecordLabelReader(): (tableId: string | null, value: unknown) => string {
  const t = useT();
  const client = useApiClient();
  const store = recordLabelStoreFor(useQueryClient(), client);
  return useCallback(
    (tableId, value) => {
      const source =
        tableId === null || !isRecordId(value) ? NOTHING : store.sourceOf(tableId, value);
      return recordLabelFrom(source, tableId, value, t).text;
    },
    [store, t],
  );
}

function reasonOf(error: unknown, t: Translate): string {
  if (isApiError(error)) {
    if (error.status === 404) return t('common.recordLabel.deleted');
    if (error.status === 403) return t('common.recordLabel.forbidden');
  }
  return t('common.recordLabel.failed');
}

function rawTextOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
