import { startTransition, useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Column, RecordQuery, RecordSort, TableView } from '../../../../lib/api/types';
import { type RecordsDisplay, writeDisplay } from '../../layouts/records-display';
import {
  type ResolvedView,
  resolveView,
  savedFindOf,
  urlStateAfterEdit,
  viewQueryOf,
} from '../../views/view-state';
import { MINE_PARAM, parseViewUrlState, VIEW_PARAM, type ViewUrlState } from '../../views/view-url';
import { type HistoryMode, writeRecordQuery } from '../../views/view-url-writer';
import { FIND_PARAM, isLayoutParam } from '../../views/your-views/your-views';

// Reading the URL is also done at start-up, before React loads: see ../../views/view-url.ts.
export {
  filterColumnOf,
  filterParamOf,
  formatSort,
  parseRecordQuery,
  parseSort,
  parseViewUrlState,
} from '../../views/view-url';

/**
 * Longest a header click waits for the new order's first page before the screen changes
 * (issue 31: header click → first row ≤ 250 ms on a mid-tier phone). Drawn at once, the
 * new order was two renders of the whole records view and two frames (its rows as
 * placeholders, then as records), and its request left only after the first render;
 * waiting, the page is asked for at the click and the screen drawn once, with its rows.
 * A slower service shows the placeholders after this, as before.
 */
export const SORT_WAIT_MS = 200;

/** What a header click waits for: the new view's first page, asked for now (null: nothing). */
export type ReadyFor = (requestQuery: RecordQuery) => Promise<unknown> | null;

/** asc → desc → none, the cycle a header click walks through. */
export function nextSortFor(current: RecordSort | null, column: string): RecordSort | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

/** Writes the view state; an explicit state under a chosen view always has `sort` (maybe empty). */
export function writeViewUrlState(
  params: URLSearchParams,
  state: ViewUrlState,
  viewChosen: boolean,
): URLSearchParams {
  const next = writeRecordQuery(params, { sort: state.sort, filters: state.filters });
  next.delete(VIEW_PARAM);
  next.delete(MINE_PARAM);
  if (state.viewId !== null) next.set(VIEW_PARAM, state.viewId);
  if (state.mineId) next.set(MINE_PARAM, state.mineId);
  if ((viewChosen || state.mineId) && state.explicit && state.sort === null) next.set('sort', '');
  return next;
}

/**
 * Without a shared link's layout and name, `mine=` and the find: another view is chosen
 * (its own find, if it has one, replaces the one on screen, as its sort and filters do).
 */
function withoutLayout(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (!isLayoutParam(key) && key !== FIND_PARAM) next.append(key, value);
  }
  return next;
}

export interface TableUrlState {
  /** The sort and filters on screen (a chosen view's, or the user's). */
  query: RecordQuery;
  /** What is asked of the service (with `view=<id>` while a view is as saved). */
  requestQuery: RecordQuery;
  resolved: ResolvedView;
  setSort: (sort: RecordSort | null, mode?: HistoryMode) => void;
  /**
   * A header click: `column` goes none → ascending → descending → none, from the newest
   * state, so a second click before the first has rendered counts from the first's.
   * With `ready`, the URL changes once what it returns settles (at most SORT_WAIT_MS).
   */
  toggleSort: (column: string, ready?: ReadyFor) => void;
  /** An empty value is a real filter (matches empty cells); `null` removes the filter. */
  setFilter: (column: string, value: string | null, mode?: HistoryMode) => void;
  clearFilters: () => void;
  /** Chooses a saved view (null: the table as it is); the user's sort and filters go. */
  selectView: (viewId: string | null) => void;
  /** Back to the chosen view as saved: its sort, filters and find. */
  resetView: () => void;
  /** Chooses a view of the person's own: its id, sort and filters go into the URL. */
  /** A view of one's own: its sort and filters, and its display when it keeps one. */
  selectYours: (view: {
    id: string;
    sort: RecordSort | null;
    filters: Record<string, string>;
    display?: RecordsDisplay;
    find?: string;
  }) => void;
  /** What the table's find looks for (`find=`, decision 057); '' for nothing. */
  find: string;
  /** Writes the find into the URL, replacing the history entry (typing must not flood it). */
  setFind: (text: string) => void;
  /** Drops a shared link's name (its offer to save is answered), keeping its layout. */
  dropSharedName: () => void;
}

/**
 * The one place the records view (saved view, sort, filters) is read from and written to
 * the URL. `table` is the table's views and columns once described (null before).
 */
export function useTableUrlState(
  table: {
    views: readonly TableView[];
    columns: readonly Column[] | null;
    yours?: readonly TableView[];
  } | null = null,
): TableUrlState {
  const [searchParams, setSearchParams] = useSearchParams();
  const serialized = searchParams.toString();
  // The URL as this hook last wrote it or last saw it. A router navigation is a transition:
  // under load, a second edit can come before the render that shows the first, and
  // setSearchParams's own `previous` is that render's, so a filter cleared a moment before
  // came back (the cleared value was read again). Edits start from the newest of the two.
  const latest = useRef({ params: searchParams, seen: serialized });
  // A write waiting for its view's first page (a header click's): the next write replaces
  // it, and a URL changed meanwhile by anything else (a link, Back) drops it; one this
  // hook wrote before the click (a filter not drawn yet) does not.
  const waiting = useRef<{ cancel: () => void } | null>(null);
  const sent = useRef('');
  if (latest.current.seen !== serialized) {
    const ownBeforeWaiting = waiting.current !== null && serialized === sent.current;
    latest.current = {
      params: ownBeforeWaiting ? latest.current.params : searchParams,
      seen: serialized,
    };
  }
  // React Router makes a new setSearchParams for every URL; given the params themselves
  // (not a function of the last ones) any of them writes the same. Holding the newest keeps
  // the edits below (toggleSort, setFilter) the same functions across a sort or a filter,
  // so the header's memoized cells draw again only where their own sort or filter changed
  // (issue 31, decision 063).
  const setParams = useRef(setSearchParams);
  setParams.current = setSearchParams;
  const send = useCallback((params: URLSearchParams, replace: boolean) => {
    sent.current = params.toString();
    setParams.current(params, { replace });
  }, []);
  const writeUrl = useCallback(
    (
      next: (previous: URLSearchParams) => URLSearchParams,
      replace: boolean,
      ready?: (params: URLSearchParams) => Promise<unknown> | null,
    ) => {
      const params = next(new URLSearchParams(latest.current.params));
      latest.current = { params, seen: latest.current.seen };
      waiting.current?.cancel();
      const until = ready?.(params) ?? null;
      if (until === null) {
        send(params, replace);
        return;
      }
      let done = false;
      const cancel = () => {
        done = true;
        clearTimeout(timer);
        if (waiting.current?.cancel === cancel) waiting.current = null;
      };
      const write = () => {
        if (done) return;
        cancel();
        // Not with flushSync: its effects then run before the paint (traced at 2.4×: the
        // task of the write and render went from ~170 to 270–450 ms of CPU).
        if (latest.current.params === params) send(params, replace);
      };
      const timer = setTimeout(write, SORT_WAIT_MS);
      waiting.current = { cancel };
      until.then(write, write);
    },
    [send],
  );
  useEffect(() => () => waiting.current?.cancel(), []);
  // Keyed on the serialized string so an unrelated re-render keeps the same query object.
  // biome-ignore lint/correctness/useExhaustiveDependencies: serialized stands for searchParams
  const url = useMemo(() => parseViewUrlState(searchParams), [serialized]);
  const resolved = useMemo(() => resolveView(url, table), [url, table]);
  const tableRef = useRef(table);
  tableRef.current = table;

  const edit = useCallback(
    (change: (shown: RecordQuery) => RecordQuery | null, mode?: HistoryMode, ready?: ReadyFor) => {
      const previous = latest.current.params;
      const current = parseViewUrlState(previous);
      const currentTable = tableRef.current;
      const currentResolved = resolveView(current, currentTable);
      const next = change(currentResolved.shownQuery);
      if (next === null) return;
      const state = urlStateAfterEdit(
        current,
        currentResolved,
        next,
        currentTable?.columns ?? null,
      );
      writeUrl(
        (params) => writeViewUrlState(params, state, currentResolved.view !== null),
        mode?.replace ?? false,
        ready &&
          ((params) => ready(resolveView(parseViewUrlState(params), currentTable).requestQuery)),
      );
    },
    [writeUrl],
  );

  const setSort = useCallback(
    (sort: RecordSort | null, mode?: HistoryMode) => edit((shown) => ({ ...shown, sort }), mode),
    [edit],
  );

  const toggleSort = useCallback(
    (column: string, ready?: ReadyFor) =>
      edit((shown) => ({ ...shown, sort: nextSortFor(shown.sort, column) }), undefined, ready),
    [edit],
  );

  const setFilter = useCallback(
    (column: string, value: string | null, mode?: HistoryMode) =>
      edit((shown) => {
        if ((shown.filters[column] ?? null) === value) return null;
        const filters = { ...shown.filters };
        if (value === null) delete filters[column];
        else filters[column] = value;
        return { ...shown, filters };
      }, mode),
    [edit],
  );

  const clearFilters = useCallback(() => edit((shown) => ({ ...shown, filters: {} })), [edit]);

  const selectView = useCallback(
    (viewId: string | null) => {
      writeUrl(
        (previous) =>
          writeViewUrlState(
            withoutLayout(previous),
            { viewId, explicit: false, sort: null, filters: {} },
            viewId !== null,
          ),
        false,
      );
    },
    [writeUrl],
  );

  const selectYours = useCallback(
    (view: {
      id: string;
      sort: RecordSort | null;
      filters: Record<string, string>;
      display?: RecordsDisplay;
      find?: string;
    }) => {
      writeUrl((previous) => {
        const next = writeViewUrlState(
          view.display
            ? writeDisplay(withoutLayout(previous), view.display)
            : withoutLayout(previous),
          {
            viewId: null,
            mineId: view.id,
            explicit: true,
            sort: view.sort,
            filters: view.filters,
          },
          false,
        );
        if (view.find) next.set(FIND_PARAM, view.find);
        return next;
      }, false);
    },
    [writeUrl],
  );

  const find = searchParams.get(FIND_PARAM) ?? '';
  // Drawn as a transition, in slices: the router's updates draw at once after the first
  // page (app.tsx), and this one redraws the whole workspace (layout, tables list, this
  // screen) while the screen shows nothing new, the find's own state being drawn already;
  // at once it was one task of 42–55 ms while a find walked 100,000 Orders at 2.6× CPU
  // (decision 061). The router tells its subscribers within navigate(), so the update is
  // the transition's. Here, not around the router: the connect screen's script has no room.
  const setFind = useCallback(
    (text: string) =>
      startTransition(() =>
        writeUrl((previous) => {
          const next = new URLSearchParams(previous);
          if (text.trim() === '') next.delete(FIND_PARAM);
          else next.set(FIND_PARAM, text);
          return next;
        }, true),
      ),
    [writeUrl],
  );

  const dropSharedName = useCallback(() => {
    writeUrl((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('shared');
      return next;
    }, true);
  }, [writeUrl]);

  const resetView = useCallback(() => {
    const currentTable = tableRef.current;
    writeUrl((previous) => {
      const current = parseViewUrlState(previous);
      const resolvedNow = resolveView(current, currentTable);
      // The view's own find, or none: a find is part of the view as its sort and filters are.
      const withSavedFind = (params: URLSearchParams) => {
        const find = savedFindOf(resolvedNow.view);
        if (find === '') params.delete(FIND_PARAM);
        else params.set(FIND_PARAM, find);
        return params;
      };
      if (resolvedNow.yours && resolvedNow.view) {
        const saved = viewQueryOf(resolvedNow.view, currentTable?.columns ?? null);
        return withSavedFind(
          writeViewUrlState(previous, { ...current, explicit: true, ...saved }, false),
        );
      }
      return withSavedFind(
        writeViewUrlState(
          previous,
          { viewId: current.viewId, explicit: false, sort: null, filters: {} },
          true,
        ),
      );
    }, false);
  }, [writeUrl]);

  return {
    query: resolved.shownQuery,
    requestQuery: resolved.requestQuery,
    resolved,
    setSort,
    toggleSort,
    setFilter,
    clearFilters,
    selectView,
    resetView,
    selectYours,
    dropSharedName,
    find,
    setFind,
  };
}
