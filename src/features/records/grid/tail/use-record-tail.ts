import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../../lib/api/api-client-context';
import { isApiError } from '../../../../lib/api/errors';
import { isPagingError, type PagingProblem } from '../../../../lib/api/paging-guard';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { ColumnType, RecordQuery, RecordRow } from '../../../../lib/api/types';
import { MAX_PAGES_IN_MEMORY, PAGE_SIZE } from '../../api/record-queries';
import {
  isReversalRefused,
  planReversal,
  reversedTieOrder,
  type SavedViewOrder,
} from '../../api/reverse-order';
import { TailReader } from '../../api/tail-reader';

/** Rows read from the end before the tail is shown: a screenful, even after a tiny empty block. */
const FIRST_SCREEN_ROWS = 50;
/** Rows the tail holds at most, like the grid's own window (8 pages of 500). */
export const MAX_TAIL_ROWS = PAGE_SIZE * MAX_PAGES_IN_MEMORY;

export type TailStart =
  | { kind: 'shown'; rows: number; reachedStart: boolean }
  /** Read the view by walking it instead (why, for the record). */
  | { kind: 'walk'; reason: string }
  | { kind: 'cancelled' };

interface TailState {
  viewKey: string;
  /** The tail's records, in the view's own order (the last record last). */
  rows: RecordRow[];
  reachedStart: boolean;
  /** Earlier records not read because the tail holds MAX_TAIL_ROWS. */
  full: boolean;
  problem: PagingProblem | null;
  failure: { error: unknown; retry: () => void } | null;
}

export interface RecordTailOptions {
  tableId: string;
  /** The view as asked of the service (a saved view's id included). */
  query: RecordQuery;
  /** The saved view `query.view` names, or null. */
  savedView: SavedViewOrder | null;
  sortColumnType: (column: string) => ColumnType | null;
  /** The view's rows on screen, in its order: their ties say how the service orders ties. */
  forwardRows: readonly RecordRow[];
  /** A later reversed page contradicted the view: the caller walks it instead. */
  onRefused: () => void;
}

/**
 * The end of a view shown without walking to it (decision 018): its last records read
 * through the reversed sort, earlier ones prepended as the user scrolls up. Row numbers
 * are unknown here: the tail is anchored at the bottom.
 */
export function useRecordTail(options: RecordTailOptions) {
  const client = useApiClient();
  const viewKey = JSON.stringify(queryKeys.recordList(options.tableId, options.query));
  const [state, setState] = useState<TailState | null>(null);
  const [loading, setLoading] = useState(false);
  const readerRef = useRef<{ viewKey: string; reader: TailReader } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const active = state !== null && state.viewKey === viewKey;
  // Another view (sort, filter, table): the tail belonged to the one before.
  useEffect(() => {
    if (state !== null && state.viewKey !== viewKey) {
      controllerRef.current?.abort();
      readerRef.current = null;
      setState(null);
      setLoading(false);
    }
  }, [state, viewKey]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(async (): Promise<TailStart> => {
    const { tableId, query, savedView, sortColumnType, forwardRows } = optionsRef.current;
    const sortColumn = query.sort?.column ?? savedView?.sort?.column ?? 'created_at';
    const plan = planReversal(query, savedView, sortColumnType(sortColumn));
    if (plan.kind === 'walk') return plan;
    const expectedTies = reversedTieOrder(forwardRows, plan.column, plan.direction);
    if (expectedTies === null) {
      return { kind: 'walk', reason: 'the view’s own ties are not ordered by id one way' };
    }
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const reader = new TailReader(
      plan,
      expectedTies,
      (segmentQuery, request) => client.listRecords(tableId, segmentQuery, request),
      PAGE_SIZE,
    );
    const key = JSON.stringify(queryKeys.recordList(tableId, query));
    setLoading(true);
    try {
      const reversed: RecordRow[] = [];
      do {
        const chunk = await reader.readEarlier(controller.signal);
        reversed.push(...chunk.rows);
      } while (reversed.length < FIRST_SCREEN_ROWS && !reader.reachedStart);
      readerRef.current = { viewKey: key, reader };
      setState({
        viewKey: key,
        rows: reversed.reverse(),
        reachedStart: reader.reachedStart,
        full: false,
        problem: null,
        failure: null,
      });
      return { kind: 'shown', rows: reversed.length, reachedStart: reader.reachedStart };
    } catch (error) {
      if (controller.signal.aborted || (isApiError(error) && error.kind === 'aborted')) {
        return { kind: 'cancelled' };
      }
      // Whatever stopped the reversed read (a refusal, a 400 for the reversed request, a
      // failure that outlasted its retries), the walk has its own checks and its own say.
      return {
        kind: 'walk',
        reason: isReversalRefused(error) || isPagingError(error) ? error.message : String(error),
      };
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setLoading(false);
      }
    }
  }, [client]);

  const loadEarlier = useCallback(async () => {
    const current = readerRef.current;
    if (!current || controllerRef.current !== null) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setLoading(true);
    try {
      const chunk = await current.reader.readEarlier(controller.signal);
      setState((tail) => {
        if (!tail || tail.viewKey !== current.viewKey) return tail;
        const rows = [...chunk.rows.reverse(), ...tail.rows];
        return {
          ...tail,
          rows,
          reachedStart: chunk.reachedStart,
          full: !chunk.reachedStart && rows.length >= MAX_TAIL_ROWS,
        };
      });
    } catch (error) {
      if (controller.signal.aborted || (isApiError(error) && error.kind === 'aborted')) return;
      if (isReversalRefused(error)) {
        optionsRef.current.onRefused();
        return;
      }
      setState((tail) => {
        if (!tail || tail.viewKey !== current.viewKey) return tail;
        if (isPagingError(error)) return { ...tail, problem: error.problem };
        return {
          ...tail,
          failure: {
            error,
            retry: () => {
              setState((t) => (t ? { ...t, failure: null } : t));
              void loadEarlierRef.current();
            },
          },
        };
      });
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setLoading(false);
      }
    }
  }, []);
  const loadEarlierRef = useRef(loadEarlier);
  loadEarlierRef.current = loadEarlier;

  const exit = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    readerRef.current = null;
    setLoading(false);
    setState(null);
  }, []);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);

  const shown = active ? state : null;
  return {
    active,
    rows: shown?.rows ?? NO_ROWS,
    /** More records lie before the tail and may be read (not at the start, not full, no stop). */
    hasEarlier:
      shown !== null &&
      !shown.reachedStart &&
      !shown.full &&
      shown.problem === null &&
      shown.failure === null,
    reachedStart: shown?.reachedStart ?? false,
    full: shown?.full ?? false,
    problem: shown?.problem ?? null,
    failure: shown?.failure ?? null,
    loading,
    start,
    loadEarlier,
    cancel,
    exit,
  };
}

const NO_ROWS: RecordRow[] = [];

export type RecordTail = ReturnType<typeof useRecordTail>;
