import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { queryKeys } from './api/query-keys';
import type { RecordRow, TableDetail } from './api/types';
import { tellingLinesOf } from './telling-field';

/**
 * Which linked records are on screen under which label, so that two shown together under
 * the same label ("Léa Okafor" in two rows of the grid, or in a record's panel and the row
 * beside it) can each show a second line that tells them apart (decision 045).
 */
const shown = new Map<string, Map<string, number>>();
/** Per label: the ids on screen, sorted and joined: a stable snapshot for React. */
const snapshots = new Map<string, string>();
const listeners = new Set<() => void>();

const keyOf = (tableId: string, label: string) => `${tableId}\n${label}`;

function changed(key: string) {
  const ids = shown.get(key);
  if (ids === undefined || ids.size === 0) {
    shown.delete(key);
    snapshots.delete(key);
  } else {
    snapshots.set(key, [...ids.keys()].sort().join(' '));
  }
  for (const listener of listeners) listener();
}

function show(key: string, recordId: string): () => void {
  let ids = shown.get(key);
  if (ids === undefined) {
    ids = new Map();
    shown.set(key, ids);
  }
  const before = ids.size;
  ids.set(recordId, (ids.get(recordId) ?? 0) + 1);
  if (ids.size !== before) changed(key);
  return () => {
    const current = shown.get(key);
    const count = current?.get(recordId) ?? 0;
    if (!current || count === 0) return;
    if (count > 1) current.set(recordId, count - 1);
    else {
      current.delete(recordId);
      changed(key);
    }
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The ids shown under `key` other than `recordId`, sorted and joined: a place's own
 * snapshot, which its own arrival under the label or its departure from another (a grid
 * cell recycled for another row) leaves unchanged. With the whole list as its snapshot,
 * every recycled REFERENCE cell was drawn again up to three times after each scroll frame
 * (its old record leaving, its new one arriving, the store found changed since render).
 */
function othersShownAs(key: string, recordId: string): string {
  const all = snapshots.get(key);
  if (all === undefined || all === recordId) return '';
  if (!all.includes(recordId)) return all;
  return all
    .split(' ')
    .filter((id) => id !== recordId)
    .join(' ');
}

/** The ids shown under this label now (tests and the hook). */
export function idsShownAs(tableId: string, label: string): string[] {
  const snapshot = snapshots.get(keyOf(tableId, label));
  return snapshot ? snapshot.split(' ') : [];
}

/**
 * The second line for a linked record shown under `label`: its table's next most telling
 * field when another record on screen has the same label, else null. `label` null (still
 * loading, or unavailable) takes no part.
 */
export function useTellingLine(
  tableId: string | null,
  recordId: string,
  label: string | null,
): string | null {
  const queryClient = useQueryClient();
  const key = tableId !== null && label !== null ? keyOf(tableId, label) : null;
  useEffect(() => (key === null ? undefined : show(key, recordId)), [key, recordId]);
  const others = useSyncExternalStore(
    subscribe,
    () => (key === null ? '' : othersShownAs(key, recordId)),
    () => '',
  );
  if (key === null || tableId === null || label === null || others === '') return null;
  // This place shows `recordId` under the label (its effect says so once committed).
  const ids = [...others.split(' '), recordId].sort();
  // Every record shown under a label has been read (that is how its label is known).
  const records = ids
    .map((id) => queryClient.getQueryData<RecordRow>(queryKeys.record(tableId, id)))
    .filter((record): record is RecordRow => record !== undefined);
  const columns = queryClient.getQueryData<TableDetail>(queryKeys.table(tableId))?.columns ?? null;
  const lines = tellingLinesOf(
    records.map((record) => ({ record, label })),
    columns,
  );
  return lines.get(recordId) ?? null;
}
