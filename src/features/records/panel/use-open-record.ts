import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isApiError } from '../../../lib/api/errors';
import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordRow } from '../../../lib/api/types';

/** Set on the history entry a row click pushes, so closing can simply go back. */
interface OpenedFromGrid {
  openedFromGrid: true;
}

function openedFromGrid(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'openedFromGrid' in state;
}

interface EscapeListener {
  /** The record on its way. */
  recordId: string;
  /** An Escape came. */
  pressed: boolean;
  stop: () => void;
}

/** Listens on the document for one Escape (that no control used) until `stop`. */
function listenForEscape(recordId: string): EscapeListener {
  const listener: EscapeListener = {
    recordId,
    pressed: false,
    stop: () => document.removeEventListener('keydown', onKeyDown),
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    listener.pressed = true;
    listener.stop();
  };
  document.addEventListener('keydown', onKeyDown);
  return listener;
}

export type OpenRecordState =
  | { status: 'closed' }
  | { status: 'open'; record: RecordRow }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: unknown; retry: () => void };

/**
 * The record shown in the side panel is in the URL (`/tables/<id>/records/<recordId>`),
 * so a record can be linked to, reloaded and shared. A record among the loaded rows is
 * shown at once; any other (a link from another table) is fetched on its own. Closing
 * hands focus back to the row it was opened from, so a keyboard user continues there.
 */
export function useOpenRecord(
  tableId: string,
  recordId: string | null,
  loadedRows: readonly RecordRow[],
  focusRow: (rowIndex: number) => void,
) {
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const openedAtRow = useRef<{ recordId: string; rowIndex: number } | null>(null);

  const loaded = useMemo(
    () => (recordId === null ? undefined : loadedRows.find((row) => row.id === recordId)),
    [loadedRows, recordId],
  );
  const fetched = useQuery({
    queryKey: queryKeys.record(tableId, recordId ?? ''),
    queryFn: ({ signal }) => client.getRecord(tableId, recordId ?? '', { signal }),
    enabled: recordId !== null && loaded === undefined,
    staleTime: 60_000,
  });

  // The panel is drawn a render after the press that opens it (the navigation's), and its
  // own Escape handler needs focus inside it: an Escape in between reached the row and was
  // lost, the panel opening anyway. It is kept here and closes the panel once drawn.
  const escapeWhileOpening = useRef<EscapeListener>(null);
  const stopWaitingForPanel = useCallback(() => {
    escapeWhileOpening.current?.stop();
    escapeWhileOpening.current = null;
  }, []);

  const open = useCallback(
    (record: RecordRow, rowIndex: number) => {
      stopWaitingForPanel();
      if (record.id !== recordId) escapeWhileOpening.current = listenForEscape(record.id);
      openedAtRow.current = { recordId: record.id, rowIndex };
      const state: OpenedFromGrid = { openedFromGrid: true };
      navigate(
        { pathname: paths.record(tableId, record.id), search: location.search },
        // Another row while one is open replaces it: Back closes the panel, not each record.
        { replace: recordId !== null && openedFromGrid(location.state), state },
      );
    },
    [navigate, tableId, location.search, location.state, recordId, stopWaitingForPanel],
  );

  const close = useCallback(() => {
    const from = openedAtRow.current;
    openedAtRow.current = null;
    if (openedFromGrid(location.state)) navigate(-1);
    else navigate({ pathname: paths.table(tableId), search: location.search }, { replace: true });
    if (from !== null && from.recordId === recordId) focusRow(from.rowIndex);
  }, [navigate, tableId, location.search, location.state, recordId, focusRow]);

  // In the commit that draws the panel, an Escape already pressed closes it again at once:
  // focus back on its row, Back as if it had never opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the record in the URL changes
  useLayoutEffect(() => {
    const pending = escapeWhileOpening.current;
    if (recordId === null || pending?.recordId !== recordId) return;
    stopWaitingForPanel();
    if (pending.pressed) close();
  }, [recordId]);
  useEffect(() => stopWaitingForPanel, [stopWaitingForPanel]);

  let state: OpenRecordState;
  const record = loaded ?? fetched.data;
  if (recordId === null) state = { status: 'closed' };
  else if (record !== undefined) state = { status: 'open', record };
  else if (fetched.isError) {
    state =
      isApiError(fetched.error) && fetched.error.status === 404
        ? { status: 'missing' }
        : { status: 'error', error: fetched.error, retry: () => void fetched.refetch() };
  } else state = { status: 'loading' };

  return { state, open, close };
}

/**
 * The list's "open this row": one function for the life of the view, so memoized rows
 * don't re-render with each new panel object.
 */
export function useOpenRow(panel: { open: (record: RecordRow, rowIndex: number) => void }) {
  const panelRef = useRef(panel);
  panelRef.current = panel;
  return useCallback(
    (row: { original: RecordRow }, rowIndex: number) =>
      panelRef.current.open(row.original, rowIndex),
    [],
  );
}
