// Room find/: finding text in the whole view. Owns the find box and its state, the walk
// over the view's pages (in a worker, or the service's text search where it has one) and
// the matches marked in the grid; this hook is what the composition uses. Here: the
// session (use-find.ts, its state in find-state.ts, its matches in find-matches.ts, its
// progress in find-progress.ts), `find=` (find-url.ts), Count and
// Export over the matches (matches-walker.ts). `matcher/` what a record reads as and the
// worker that matches it; `walk/` reading the view, or asking the service; `screen/` the
// box, the status line, Ctrl+F and the marks. May import api/, columns/, count/ (the view
// walker), export/ (linked records' names), shared-ui/, shared/ (a failure's words, the
// list's facts), lib/.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useOptionalAuthStore } from '../../../lib/auth/auth-context';
import { usePeopleNames } from '../../../lib/people/people-context';
import { exportNameSource, type ViewWalks } from '../count/use-view-walks';
import { viewTotalsQuery } from '../count/view-totals';
import { type ViewWalker, walkViewPages } from '../count/view-walk';
import { ViewWalkButtons } from '../count/view-walk-tools';
import type { ListFacts } from '../shared/list-facts';
import { createFindMatchesStore, type FindMatchesStore, useFindMatches } from './find-matches';
import { useFindText } from './find-url';
import { matchesWalker } from './matches-walker';
import { FindBox } from './screen/find-box';
import { useRowsInSteps } from './screen/rows-in-steps';
import { useFindHighlight } from './screen/use-find-highlight';
import { useFindShortcut } from './screen/use-find-shortcut';
import {
  type Find,
  type FindState,
  type FindStateHandle,
  useFind,
  useFindMatchesStore,
  useFindState,
} from './use-find';
import { serviceTextSearchQuery } from './walk/service-text-search';

export interface RecordsFind {
  find: Find;
  /** A find is on: the records shown are its matches. */
  active: boolean;
  /**
   * Draws what shows the records list's rows (the list, the panels beside it) with them and
   * the list's facts: while a find is on its matches, drawn again alone as they arrive, else
   * the view's `window` and `facts`.
   */
  withRows: (
    window: ListRows,
    facts: ListFacts,
    render: (rows: ListRows, facts: ListFacts) => ReactNode,
  ) => ReactNode;
  /** Count and Export for a toolbar: over the matches while a find is on ("Export these 37"). */
  walkButtons: (walks: ViewWalks) => ReactNode;
  /** The box, for the desk's toolbar, the phone's own control or the sort-and-filter sheet. */
  box: (className?: string) => ReactNode;
  /** The phone's own find control (cards/cards-toolbar.tsx): the box, open while it finds. */
  phoneControl: { box: ReactNode; active: boolean; focus: () => void };
  /** The records screen: Ctrl+F inside it goes to the box. */
  scopeRef: RefObject<HTMLDivElement | null>;
  /** Where the records are drawn (grid or cards): matches are marked there. */
  recordsRef: (element: HTMLDivElement | null) => void;
  /**
   * Count and Export: the walker (over the matches while a find is on, else the view) and
   * the view as they name their totals (with the find, apart from the view's).
   */
  walks: { walker: ViewWalker; query: RecordQuery };
  /** The view's size when a Count has measured it ("searched 12,400 of 100,000"), else null. */
  viewTotal: number | null;
}

/**
 * A table's find as the records screen wires it (decision 057): the box and its text (in
 * the address), the search itself, the shortcut, the marks in the records drawn, and
 * Count and Export over the matches.
 */
export function useRecordsFind(options: {
  tableId: string;
  /** What the grid asks the service for. */
  requestQuery: RecordQuery;
  /** The columns on screen: what is searched. */
  visibleColumns: readonly Column[];
  /** `find=` as the address holds it, and how to write it (grid/use-table-url-state.ts). */
  urlState: { find: string; setFind: (text: string) => void };
  /** Escape in an empty box goes back to the records' active cell. */
  gridRef: RefObject<{ focusActiveCell: () => void } | null>;
  /** The find's state and matches, held by the screen (the grid's rows while a find is on). */
  findHeld: FindHeld;
}): RecordsFind {
  const { tableId, requestQuery, visibleColumns, urlState, gridRef, findHeld } = options;
  const [text, setText] = useFindText(urlState.find, urlState.setFind);
  const onLeaveBox = useCallback(() => gridRef.current?.focusActiveCell(), [gridRef]);
  const client = useApiClient();
  const queryClient = useQueryClient();
  const nameSource = useMemo(() => exportNameSource(client, queryClient), [client, queryClient]);
  // The directory is read once something is typed: a table never searched asks nothing more.
  const finding = text.trim() !== '';
  const people = usePeopleNames(finding);
  // Whether the service searches text itself: its document is read once, kept in the
  // workspace's cache, and drawn nowhere (the screen doesn't follow it; a search asks).
  const textSearch = useCallback(
    () => queryClient.fetchQuery(serviceTextSearchQuery(client)),
    [queryClient, client],
  );
  // Read from the first text typed, while the screen turns to the find: its search then
  // finds it read or on its way (asked only as it began, it started ~130 ms later).
  useEffect(() => {
    if (finding) void queryClient.prefetchQuery(serviceTextSearchQuery(client));
  }, [finding, queryClient, client]);
  // The open workspace's connection, which the screen's client was made from: the find
  // worker reads the view with a client of its own on it (none in tests: read on the page).
  const connection = useOptionalAuthStore()?.getState().session?.connection ?? null;
  const find = useFind({
    people,
    textSearch,
    tableId,
    query: requestQuery,
    text,
    columns: visibleColumns,
    walker: walkViewPages,
    connection,
    nameSource,
    state: findHeld.state,
    matches: findHeld.matches,
  });
  const viewTotals = useQuery(viewTotalsQuery(queryClient, tableId, requestQuery));
  const boxRef = useRef<HTMLInputElement>(null);
  const scopeRef = useRef<HTMLDivElement>(null);
  // A callback ref: the records' area may mount after the find began (the table still
  // loading when the address finds something), and the marks follow it when it does.
  const [recordsArea, recordsRef] = useState<HTMLDivElement | null>(null);
  useFindShortcut(scopeRef, boxRef);
  // Made ready when a find is likely (the box focused or pointed at, the shortcut), not at
  // idle on every visit: a phone that never finds would carry the worker, a copy of the
  // loaded rows, and a structured clone forced into its scrolling by the idle timeout.
  const { prepare } = find;
  const active = find.phase !== 'idle';
  const matches = find.matches;
  useFindHighlight(recordsArea, active ? matches : null);

  // Count and Export are refused while the find reads: they take the matches found by then.
  const walker = useMemo(
    () => (active ? matchesWalker(() => matches.get().rows) : walkViewPages),
    [active, matches],
  );
  const walksQuery = useMemo(
    () => (active ? { ...requestQuery, find: find.text } : requestQuery),
    [active, requestQuery, find.text],
  );
  const focusBox = useCallback(() => {
    // The box may be drawn by this very update (a phone's find row): after it.
    requestAnimationFrame(() => boxRef.current?.focus());
  }, []);
  // A keystroke is asked of the find at once; the screen's text and the address follow.
  const typeText = (typed: string) => {
    find.type(typed);
    setText(typed);
  };
  const box = (className?: string) => (
    <FindBox
      value={text}
      onChange={typeText}
      onLeave={onLeaveBox}
      onPrepare={() => prepare(true)}
      inputRef={boxRef}
      {...(className ? { className } : {})}
    />
  );
  const searching = find.phase === 'searching';
  return {
    find,
    active,
    withRows: (window, facts, render) => (
      <ListRowsOf
        matches={active ? matches : null}
        phase={find.phase}
        window={window}
        facts={facts}
        render={render}
      />
    ),
    walkButtons: (walks) =>
      active ? (
        <MatchesWalkButtons walks={walks} matches={matches} searching={searching} />
      ) : (
        <ViewWalkButtons walks={walks} />
      ),
    box,
    // Open from the first render when the address finds something (the search itself
    // starts a moment later, in an effect).
    phoneControl: { box: box('w-full'), active: active || finding, focus: focusBox },
    scopeRef,
    recordsRef,
    walks: { walker, query: walksQuery },
    viewTotal: viewTotals.data && !viewTotals.isStale ? viewTotals.data.total : null,
  };
}

/**
 * Draws `render` with the rows the list shows: a find's matches, drawn again alone when
 * they change, else the view's window. The same element either way: a find that begins or
 * ends keeps what `render` drew (an open panel) in place.
 */
function ListRowsOf({
  matches,
  phase,
  window,
  facts,
  render,
}: {
  matches: FindMatchesStore | null;
  phase: FindState['phase'];
  window: ListRows;
  facts: ListFacts;
  render: (rows: ListRows, facts: ListFacts) => ReactNode;
}) {
  const found = useFindMatches(matches ?? NO_STORE).rows;
  // The first screenful of matches a few rows a frame (screen/rows-in-steps.ts).
  const drawn = useRowsInSteps(matches === null ? 0 : found.length);
  if (matches === null) return render(window, facts);
  const rows = findRowsOf(drawn < found.length ? found.slice(0, drawn) : found);
  return render(rows, findListFacts(rows, phase));
}

const NO_STORE = createFindMatchesStore();

/** Count and Export over the matches: "Export these 37", counted as they arrive. */
function MatchesWalkButtons({
  walks,
  matches,
  searching,
}: {
  walks: ViewWalks;
  matches: FindMatchesStore;
  searching: boolean;
}) {
  const count = useFindMatches(matches).rows.length;
  return <ViewWalkButtons walks={walks} matches={{ count, searching }} />;
}

/** A find's state and matches, held by the screen: its list shows the matches. */
export interface FindHeld {
  state: FindStateHandle;
  matches: FindMatchesStore;
}

/** The rows the records list shows, where they sit in it: [firstRow, endRow) are here. */
export interface ListRows {
  rows: RecordRow[];
  firstRow: number;
  endRow: number;
}

/**
 * The find's state and matches, held by the screen, and the rows its list shows: the
 * matches while a find is on (`findRows`, as they are when the screen is drawn; the list
 * itself follows them through RecordsFind.withRows), else the view's window (`listRows`
 * is whichever is shown).
 */
export function useFindRows<Window extends ListRows>(window: Window) {
  const state = useFindState();
  const matches = useFindMatchesStore();
  const findRows = state[0].phase === 'idle' ? null : findRowsOf(matches.get().rows);
  const findHeld: FindHeld = { state, matches };
  return { findHeld, findRows, listRows: findRows ?? window };
}

/** The rows the records list shows while a find is on: its matches, from the first, all in memory. */
export function findRowsOf(matches: readonly RecordRow[]): ListRows {
  // TanStack's data is typed as a mutable array; nothing writes to it.
  const rows = matches as RecordRow[];
  return { rows, firstRow: 0, endRow: rows.length };
}

/** The list's size and end while a find is on: its matches, all in memory. */
export function findListFacts(rows: { endRow: number }, phase: FindState['phase']): ListFacts {
  const count = rows.endRow;
  return {
    rowCount: count,
    knownTotal: phase === 'done' ? count : undefined,
    loadedIsAll: phase === 'done',
    knownRowCount: count,
    reachedEnd: phase !== 'searching',
  };
}
