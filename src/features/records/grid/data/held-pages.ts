import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LoadedWindow } from '../../../../components/data-table/load-more';
import { PaintedRows, type PaintedSource } from '../../../../components/data-table/painted-rows';
import type { RecordRow } from '../../../../lib/api/types';
import type { PageTrail } from '../../api/page-trail';
import type { RecordPage, RecordPageParam } from '../../api/record-queries';
import { isQueryFetching } from './page-fetching';

/** The window as a page that arrived while held left it (rows [firstRow, endRow) in memory). */
export interface HeldWindow {
  rows: readonly RecordRow[];
  firstRow: number;
  endRow: number;
  knownRowCount: number;
  /** The list's last row is its last record: its end seen, or its paging stopped. */
  closed: boolean;
  /** The query's data time: what the owner's next render settles. */
  version: number;
}

/**
 * Whether a page arriving renders the records view (decision 068, issue 31). While the
 * grid paints, its DOM rows are frozen: the page goes to the canvas alone (`arrived`) and
 * the view renders once at the rest.
 */
export interface PageHold {
  holds(): boolean;
  arrived(window: HeldWindow): void;
  onRest(listener: () => void): () => void;
}

interface PageParams {
  getNextPageParam: (
    last: RecordPage,
    pages: RecordPage[],
    lastParam: RecordPageParam,
    params: RecordPageParam[],
  ) => RecordPageParam | undefined | null;
  getPreviousPageParam?: (
    first: RecordPage,
    pages: RecordPage[],
    firstParam: RecordPageParam,
    params: RecordPageParam[],
  ) => RecordPageParam | undefined | null;
}

/** The loaded window of `data`, as the view's render computes it. */
export function heldWindowOf(
  data: InfiniteData<RecordPage, RecordPageParam>,
  trail: PageTrail,
  params: PageParams,
  version: number,
): HeldWindow & Pick<LoadedWindow, 'hasNextPage' | 'hasPreviousPage'> {
  const { pages, pageParams } = data;
  const rows = pages.flatMap((page) => page.items);
  const firstRow = trail.rowsBefore(pages[0]?.index ?? 0);
  const endRow = firstRow + rows.length;
  const first = pages[0];
  const last = pages.at(-1);
  const firstParam = pageParams[0];
  const lastParam = pageParams.at(-1);
  return {
    rows,
    firstRow,
    endRow,
    knownRowCount: Math.max(trail.knownRowCount(), endRow),
    closed: trail.reachedEnd || trail.problem !== null,
    version,
    hasNextPage:
      last !== undefined &&
      lastParam !== undefined &&
      params.getNextPageParam(last, pages, lastParam, pageParams) != null,
    hasPreviousPage:
      first !== undefined &&
      firstParam !== undefined &&
      params.getPreviousPageParam?.(first, pages, firstParam, pageParams) != null,
  };
}

export interface DrawnWindow {
  window: LoadedWindow;
  dataUpdatedAt: number;
  /** The data time the view last rendered (dataUpdatedAt moves on with held pages). */
  rendered: number;
  /** What held the window's requests when it rendered (a jump, a seek, a failure). */
  busy: boolean;
}

/**
 * While `hold` holds, a page landing in the view's query (key `queryHash`) updates the
 * window the paging reads (`drawn`), hands the rows to the grid, and asks for the next
 * page if the rows in view call for it (`askAgain`); at the rest, the view renders once
 * (`render`) if the query's data is newer than its last render.
 */
export function useHeldPages({
  hold,
  queryClient,
  queryHash,
  trail,
  params,
  drawn,
  askAgain,
  render,
}: {
  hold: PageHold | undefined;
  queryClient: QueryClient;
  queryHash: string;
  trail: PageTrail;
  params: PageParams;
  drawn: { current: DrawnWindow };
  askAgain: () => void;
  render: () => void;
}): void {
  const latest = useRef({ trail, params, askAgain, render });
  latest.current = { trail, params, askAgain, render };
  useEffect(() => {
    if (!hold) return;
    const cache = queryClient.getQueryCache();
    const stopListening = cache.subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== queryHash) return;
      const state = event.query.state;
      const data = state.data as InfiniteData<RecordPage, RecordPageParam> | undefined;
      if (!data || state.dataUpdatedAt === drawn.current.dataUpdatedAt || !hold.holds()) return;
      const { trail, params, askAgain } = latest.current;
      const next = heldWindowOf(data, trail, params, state.dataUpdatedAt);
      drawn.current = {
        ...drawn.current,
        dataUpdatedAt: state.dataUpdatedAt,
        window: {
          firstRow: next.firstRow,
          endRow: next.endRow,
          hasNextPage: next.hasNextPage,
          hasPreviousPage: next.hasPreviousPage,
          isFetching:
            drawn.current.busy || next.rows.length === 0 || isQueryFetching(queryClient, queryHash),
        },
      };
      hold.arrived(next);
      askAgain();
    });
    const stopResting = hold.onRest(() => {
      const state = queryClient.getQueryCache().get(queryHash)?.state;
      if (state && state.dataUpdatedAt !== drawn.current.rendered) latest.current.render();
    });
    return () => {
      stopListening();
      stopResting();
    };
  }, [hold, queryClient, queryHash, drawn]);
}

type RowAtOf = (
  rows: readonly RecordRow[],
  firstRow: number,
  endRow: number,
) => PaintedSource<RecordRow>['rowAt'];

interface Wiring {
  /** The grid shows this window's rows (not a find's, the end read backwards, a fallback). */
  active: boolean;
  rowAtOf: RowAtOf | null;
}

/**
 * The records view's side of the hand-over: the grid's `painted`, the window's `hold`, and
 * `handTo`, called in each render with what the hand-over needs from it.
 */
export function usePaintedPages() {
  const [state] = useState(() => {
    const painted = new PaintedRows<RecordRow>();
    const wiring: Wiring = { active: false, rowAtOf: null };
    const hold: PageHold = {
      holds: () => wiring.active && wiring.rowAtOf !== null && painted.isPainting(),
      arrived: (window) => {
        if (!wiring.rowAtOf) return;
        const { rows, firstRow, endRow, knownRowCount, closed } = window;
        painted.publish(
          {
            rowAt: wiring.rowAtOf(rows, firstRow, endRow),
            // As the status's rowCount: one row more to come, until the end or a stop.
            rowCount: knownRowCount + (closed ? 0 : 1),
          },
          window.version,
        );
      },
      onRest: (listener) => painted.onRest(listener),
    };
    /** In render: the rows rendered at data time `version` are the newest again. */
    const settle = (version: number) => painted.settle(version);
    /**
     * In render, once the grid's rows are known: whether they are this window's (`active`)
     * and how to make its rowAt. Returns what the grid is handed (nothing while not active).
     */
    const handTo = (active: boolean, rowAtOf: RowAtOf) => {
      wiring.active = active;
      wiring.rowAtOf = rowAtOf;
      return active ? painted : undefined;
    };
    /** For another observer of the same query: held alike, handing nothing over. */
    const quiet: PageHold = { ...hold, arrived: () => {} };
    return { painted, hold, quiet, settle, handTo };
  });
  return state;
}
