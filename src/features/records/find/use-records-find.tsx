import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useCallback, useMemo, useRef } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { exportNameSource } from '../count/use-view-walks';
import { type ViewWalker, walkViewPages } from '../count/view-walk';
import { FindBox } from './find-box';
import { useFindText } from './find-url';
import { matchesWalker } from './matches-walker';
import { type Find, useFind } from './use-find';
import { useFindHighlight } from './use-find-highlight';
import { useFindShortcut } from './use-find-shortcut';

export interface RecordsFind {
  find: Find;
  /** A find is on: the records shown are its matches. */
  active: boolean;
  /** The matches, in the view's order (empty without a find). */
  rows: readonly RecordRow[];
  /** The box, for the desk's toolbar, the phone's own control or the sort-and-filter sheet. */
  box: (className?: string) => ReactNode;
  /** Puts the caret in the box (once it is drawn). */
  focusBox: () => void;
  /** The records screen: Ctrl+F inside it goes to the box. */
  scopeRef: RefObject<HTMLDivElement | null>;
  /** Where the records are drawn (grid or cards): matches are marked there. */
  recordsRef: RefObject<HTMLDivElement | null>;
  /** Count and Export: over the matches while a find is on, else over the view. */
  walker: ViewWalker;
  /** The view as Count and Export name their totals (with the find, apart from the view's). */
  walksQuery: RecordQuery;
  /** What Count and Export say they work on; null without a find. */
  matches: { count: number; searching: boolean } | null;
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
  /** `find=` as the address holds it, and how to write it (use-table-url-state.ts). */
  inAddress: string;
  writeAddress: (text: string) => void;
  /** Escape in an empty box: back to the records. */
  onLeaveBox: () => void;
}): RecordsFind {
  const { tableId, requestQuery, visibleColumns, inAddress, writeAddress, onLeaveBox } = options;
  const [text, setText] = useFindText(inAddress, writeAddress);
  const client = useApiClient();
  const queryClient = useQueryClient();
  const nameSource = useMemo(() => exportNameSource(client, queryClient), [client, queryClient]);
  const find = useFind({
    tableId,
    query: requestQuery,
    text,
    columns: visibleColumns,
    walker: walkViewPages,
    nameSource,
  });
  const boxRef = useRef<HTMLInputElement>(null);
  const scopeRef = useRef<HTMLDivElement>(null);
  const recordsRef = useRef<HTMLDivElement>(null);
  useFindShortcut(scopeRef, boxRef);
  const active = find.phase !== 'idle';
  useFindHighlight(recordsRef, active ? find.text : '');

  const matches = find.matches;
  const walker = useMemo(
    () => (active ? matchesWalker(matches) : walkViewPages),
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
  const box = (className?: string) => (
    <FindBox
      value={text}
      onChange={setText}
      onLeave={onLeaveBox}
      inputRef={boxRef}
      {...(className ? { className } : {})}
    />
  );
  return {
    find,
    active,
    rows: active ? matches : [],
    box,
    focusBox,
    scopeRef,
    recordsRef,
    walker,
    walksQuery,
    matches: active ? { count: matches.length, searching: find.phase === 'searching' } : null,
  };
}
