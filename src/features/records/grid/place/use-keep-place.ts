import {
  hashKey,
  type InfiniteData,
  type QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { DataTableHandle } from '../../../../components/data-table/data-table';
import type { VisibleRange } from '../../../../components/data-table/load-more';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { RecordQuery, RecordRow } from '../../../../lib/api/types';
import { formatDate } from '../../../../lib/i18n/formats';
import { t } from '../../../../lib/i18n/i18n';
import { useViewMemory } from '../../../../lib/view-memory/view-memory-context';
import type { WorkspaceViewMemory } from '../../../../lib/view-memory/workspace-view-memory';
import type { ResumePoint } from '../../api/page-trail';
import {
  type RecordPage,
  type RecordPageParam,
  recordQueries,
  savedViewOf,
  setSavedView,
} from '../../api/record-queries';
import {
  MAX_TRAIL_PAGES,
  readSavedRows,
  readViewPlace,
  type SavedRows,
  type TopRow,
  type ViewPlace,
} from './view-place';

/** Writes wait for scrolling to pause. */
const SAVE_DELAY_MS = 300;

/** The list shows something else than the view: no page to read, no place to note. */
const ignoreRange = () => {};

export interface RestoredPlace {
  /** The view (its query key, hashed): what places are kept by. */
  viewKey: string;
  /** The row to return to; null: the view starts at its first row. */
  target: TopRow | null;
  /** When the rows shown until the view's first reply were saved on this device. */
  savedAt: number | null;
}

function restorePlace(
  memory: WorkspaceViewMemory | null,
  queryClient: QueryClient,
  tableId: string,
  query: RecordQuery,
  viewKey: string,
  returning: boolean,
): RestoredPlace {
  const none = { viewKey, target: null, savedAt: null };
  if (!memory || !returning) return none;
  const place = readViewPlace(memory.readPlace(viewKey));
  const trail = recordQueries.trail(tableId, query);
  const inMemory = queryClient.getQueryData(queryKeys.recordList(tableId, query)) !== undefined;
  if (inMemory || (trail.frontier > 0 && trail.resumePoint === null)) {
    // Back or forward within this page load: the view's pages and trail are still here.
    return { viewKey, target: place?.top ?? null, savedAt: null };
  }
  if (trail.resumePoint !== null) {
    // Restored already (a second render of the same change).
    return {
      viewKey,
      target: place?.top ?? null,
      savedAt: savedViewOf(tableId, query)?.savedAt ?? null,
    };
  }
  const savedEntry = memory.readSaved(viewKey);
  const saved = readSavedRows(savedEntry?.data);
  const source: ViewPlace | null = place ?? saved;
  if (!source || !trail.restore(source.trail, source.top.page)) return none;
  // Read again: `restore` has just set it (TypeScript kept the narrowing from above).
  const resume = trail.resumePoint as ResumePoint | null;
  if (!saved || !resume || saved.page.index !== resume.index) {
    return { viewKey, target: source.top, savedAt: null };
  }
  if ((saved.trail.cursors[resume.index] ?? null) !== resume.cursor) {
    return { viewKey, target: source.top, savedAt: null };
  }
  const savedAt = savedEntry?.savedAt ?? Date.now();
  setSavedView(tableId, query, {
    data: { pages: [saved.page], pageParams: [{ index: resume.index, cursor: resume.cursor }] },
    savedAt,
  });
  return { viewKey, target: source.top, savedAt };
}

/**
 * Reload and Back/Forward return to the row the user was at (docs/decisions/017). Call it
 * before the view's records are asked for: a view coming back from an earlier page load
 * gets its page trail back, so its first request fetches the page the user was on, and
 * (on a remembered device) the rows saved then are painted until that reply.
 */
export function useRestoredPlace(tableId: string, query: RecordQuery): RestoredPlace {
  const memory = useViewMemory();
  const queryClient = useQueryClient();
  // POP: a reload, the first load of a tab, Back or Forward; or a table returned to at its
  // last view (../../records-page.tsx). A view the user opens (sorting, filtering, a link)
  // starts at its first row.
  const locationState: unknown = useLocation().state;
  const returning =
    useNavigationType() === 'POP' ||
    (typeof locationState === 'object' &&
      locationState !== null &&
      (locationState as { returning?: unknown }).returning === true);
  const viewKey = hashKey(queryKeys.recordList(tableId, query));
  const restored = useRef<RestoredPlace | null>(null);
  if (restored.current?.viewKey !== viewKey) {
    restored.current = restorePlace(memory, queryClient, tableId, query, viewKey, returning);
  }
  return restored.current;
}

interface ShownRows {
  rows: readonly RecordRow[];
  firstRow: number;
  endRow: number;
  knownRowCount: number;
  reachedEnd: boolean;
}

export type PlaceNotice =
  | { kind: 'saved'; savedAt: number }
  | { kind: 'moved' }
  | { kind: 'restarted' }
  | null;

/**
 * Brings the grid back to the restored row once its rows are there (found by record id;
 * where the record is gone, the nearest position, said in `notice`), keeps the user's row
 * in place when saved rows give way to fresh ones, and notes where the user is as they
 * scroll: the place in sessionStorage, and on a remembered device the page around it.
 * While a find is on (`aside`) the same grid shows its matches from the top, and nothing is
 * noted; when it ends the grid is back at the view's row it left (decision 061's addendum).
 */
export function useKeepPlace({
  tableId,
  query,
  restored,
  shown,
  showsThisView,
  isSavedRows,
  gridRef,
  onVisibleRangeChange,
  aside,
}: {
  tableId: string;
  query: RecordQuery;
  restored: RestoredPlace;
  shown: ShownRows;
  /** The rows on screen answer `query` (not an earlier view kept after a refusal). */
  showsThisView: boolean;
  /** The rows on screen are the ones saved on this device, not yet refreshed. */
  isSavedRows: boolean;
  gridRef: RefObject<DataTableHandle | null>;
  onVisibleRangeChange: (range: VisibleRange) => void;
  /** The grid shows a find's matches instead of the view (kept mounted, not a list of its own). */
  aside: boolean;
}) {
  const memory = useViewMemory();
  const queryClient = useQueryClient();
  const { viewKey } = restored;
  const [moved, setMoved] = useState<{ viewKey: string; kind: 'moved' | 'restarted' } | null>(null);

  /** The row still to return to, for this view. */
  const pending = useRef<{ viewKey: string; target: TopRow } | null>(null);
  /** The user's row as last noted: kept in place when the rows are refreshed. */
  const lastTop = useRef<TopRow | null>(null);
  const unsaved = useRef<{
    viewKey: string;
    place: ViewPlace | null;
    rows: SavedRows | null;
  } | null>(null);
  const savedPageOf = useRef<{ viewKey: string; page: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /**
   * Where the grid lands for a record that was gone: the notice goes once the user moves on
   * from there, not for a range reported before the grid got there (that race hid it).
   */
  const movedTo = useRef<{ row: number; arrived: boolean } | null>(null);
  /** The view's row at the top when a find took the grid: where the grid returns after it. */
  const asideFrom = useRef<number | null>(null);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const entry = unsaved.current;
    unsaved.current = null;
    if (!entry || !memory) return;
    memory.writePlace(entry.viewKey, entry.place);
    if (entry.rows && memory.keepsRows) {
      memory.writeSaved(entry.viewKey, entry.rows);
      savedPageOf.current = { viewKey: entry.viewKey, page: entry.rows.page.index };
    }
  }, [memory]);

  // A new view: back to its restored row, or to its first row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes, by design
  useEffect(() => {
    setMoved(null);
    lastTop.current = null;
    if (asideFrom.current !== null) asideFrom.current = 0;
    if (restored.target) {
      pending.current = { viewKey, target: restored.target };
    } else {
      pending.current = null;
      gridRef.current?.scrollToRow(0);
    }
    return flush;
  }, [viewKey]);

  // Until the restored row is on screen: scroll to it once its rows are in memory. After
  // every render, not on its inputs: the grid itself may mount later (the table's own
  // description loading), and until then there is nothing to scroll.
  const { rows, firstRow, endRow, knownRowCount, reachedEnd } = shown;
  useEffect(() => {
    const wanted = pending.current;
    if (aside || !wanted || wanted.viewKey !== viewKey || !showsThisView || rows.length === 0)
      return;
    const grid = gridRef.current;
    if (!grid) return;
    const { target } = wanted;
    if (recordQueries.trail(tableId, query).restarted) {
      // The service refused the kept page's cursor: the view started over at its top.
      pending.current = null;
      setMoved({ viewKey, kind: 'restarted' });
      movedTo.current = { row: 0, arrived: false };
      grid.scrollToRow(0);
      return;
    }
    const at = rows.findIndex((row) => row.id === target.recordId);
    if (at >= 0) {
      pending.current = null;
      lastTop.current = { ...target, row: firstRow + at };
      grid.scrollToRow(firstRow + at);
      return;
    }
    const lastRow = Math.max(0, knownRowCount - 1);
    const covered =
      (target.row >= firstRow && target.row < endRow) || (reachedEnd && target.row > lastRow);
    if (covered && !isSavedRows) {
      // The record left this part of the view since (changed or deleted): the same
      // position, said so.
      pending.current = null;
      setMoved({ viewKey, kind: 'moved' });
      movedTo.current = { row: Math.min(target.row, lastRow), arrived: false };
      grid.scrollToRow(movedTo.current.row);
      return;
    }
    // Its page is not in memory: going there fetches it (the grid's seek), then this runs again.
    if (!covered) grid.scrollToRow(target.row);
  });

  // A find takes the grid (its matches from the top) and gives it back at the view's row,
  // before the browser paints either: the grid stays mounted, only its rows change. The
  // virtualizer's offset is still the view's here (its scroll event comes later).
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (aside) {
      asideFrom.current = grid?.topRow() ?? 0;
      grid?.scrollToRow(0);
      return;
    }
    const row = asideFrom.current;
    asideFrom.current = null;
    // A restored row still to reach (a reload that found something) is the effect above's.
    if (row !== null && !pending.current) grid?.scrollToRow(row);
  }, [aside, gridRef]);

  // Saved rows gave way to fresh ones: the user's row stays at the top, wherever it now is.
  const wasSavedRows = useRef(isSavedRows);
  useEffect(() => {
    const refreshed = wasSavedRows.current && !isSavedRows;
    wasSavedRows.current = isSavedRows;
    const top = lastTop.current;
    if (!refreshed || !top || pending.current) return;
    const at = rows.findIndex((row) => row.id === top.recordId);
    if (at >= 0 && firstRow + at !== top.row) gridRef.current?.scrollToRow(firstRow + at);
  }, [isSavedRows, rows, firstRow, gridRef]);

  const rowsRef = useRef(shown);
  rowsRef.current = shown;
  const noteRef = useRef({ showsThisView, isSavedRows });
  noteRef.current = { showsThisView, isSavedRows };

  /** Notes the row at the top of the viewport (after the grid's own range handling). */
  const noteRange = useCallback(
    (range: VisibleRange) => {
      onVisibleRangeChange(range);
      if (!memory || pending.current || !noteRef.current.showsThisView) return;
      // Saved rows on screen, or giving way to fresh ones this render (the grid reports its
      // range before the effect above keeps the user's record in place): nothing to note yet.
      if (noteRef.current.isSavedRows || wasSavedRows.current) return;
      const grid = gridRef.current;
      if (!grid) return;
      const current = rowsRef.current;
      const top = grid.topRow();
      if (movedTo.current !== null) {
        if (top === movedTo.current.row) movedTo.current.arrived = true;
        else if (movedTo.current.arrived) {
          movedTo.current = null;
          setMoved(null);
        }
      }
      const row = current.rows[top - current.firstRow];
      const trail = recordQueries.trail(tableId, query);
      const page = trail.pageOfRow(top);
      const snapshot = trail.snapshot(MAX_TRAIL_PAGES);
      if (!row || page === null) return;
      if (!snapshot) {
        // Too far down to keep (a trail past MAX_TRAIL_PAGES): an older place must not
        // bring the user back somewhere they have left.
        unsaved.current = { viewKey, place: null, rows: null };
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = setTimeout(flush, SAVE_DELAY_MS);
        return;
      }
      const place: ViewPlace = { trail: snapshot, top: { recordId: row.id, row: top, page } };
      lastTop.current = place.top;
      let saved: SavedRows | null = null;
      if (memory.keepsRows) {
        const data = queryClient.getQueryData<InfiniteData<RecordPage, RecordPageParam>>(
          queryKeys.recordList(tableId, query),
        );
        const pageRows = data?.pages.find((candidate) => candidate.index === page);
        if (pageRows) saved = { ...place, page: pageRows };
      }
      // The page's rows are written when the user's page changes; the place at every pause.
      const alreadySaved =
        savedPageOf.current?.viewKey === viewKey && savedPageOf.current.page === page;
      unsaved.current = { viewKey, place, rows: alreadySaved ? null : saved };
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [onVisibleRangeChange, memory, gridRef, tableId, query, viewKey, queryClient, flush],
  );

  // A reload or closing the tab: what was noted is written before the page goes.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [flush]);

  const notice: PlaceNotice =
    isSavedRows && restored.savedAt !== null
      ? { kind: 'saved', savedAt: restored.savedAt }
      : moved?.viewKey === viewKey
        ? { kind: moved.kind }
        : null;
  return { onVisibleRangeChange: aside ? ignoreRange : noteRange, notice };
}

/** "Saved 14:05; refreshing…", or where the user's row went. */
export function placeNoticeText(notice: NonNullable<PlaceNotice>, now: Date = new Date()): string {
  if (notice.kind === 'moved') return t('records.place.moved');
  if (notice.kind === 'restarted') return t('records.place.restarted');
  const saved = new Date(notice.savedAt);
  const sameDay = saved.toDateString() === now.toDateString();
  const time = formatDate(
    saved,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return t('records.place.saved', { time });
}
