import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { HEADER_CONTROL, HEADER_ROW } from './data-table-header';
import { cellSelector, type GridPosition } from './use-grid-keyboard';

/**
 * Which header's controls take Tab, and which header holds focus: a column's controls
 * (sort, filter) join the Tab order after Enter or F2 on its header, or while one of them
 * has focus, and leave it when focus does.
 */
export function useHeaderEditing({
  scrollRef,
  focusPosition,
  moveTo,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  focusPosition: (position: GridPosition) => void;
  moveTo: (row: number, column: number) => void;
}) {
  // A header control holding focus (a filter being typed) keeps its column drawn.
  const [headerFocusColumn, setHeaderFocusColumn] = useState(-1);

  // The column whose header's controls take Tab: after Enter or F2 on its header, or
  // while one of them has focus (a click into a filter).
  const [editingColumn, setEditingColumn] = useState(-1);
  const focusControlOf = useRef(-1);
  const editColumn = (column: number) => {
    focusControlOf.current = column;
    setEditingColumn(column);
  };
  // Once its controls are back in the Tab order (the header's layout effect ran first).
  useLayoutEffect(() => {
    const column = focusControlOf.current;
    if (column < 0) return;
    focusControlOf.current = -1;
    const header = scrollRef.current?.querySelector<HTMLElement>(cellSelector(HEADER_ROW, column));
    header?.querySelector<HTMLElement>(HEADER_CONTROL)?.focus();
  });
  const onFocusHeader = useCallback(
    (column: number, onCell: boolean) => {
      setHeaderFocusColumn(column);
      setEditingColumn(onCell ? -1 : column);
      focusPosition({ row: HEADER_ROW, column });
    },
    [focusPosition],
  );
  const onLeaveHeader = useCallback(
    (column: number) => setEditingColumn((editing) => (editing === column ? -1 : editing)),
    [],
  );
  const onExitHeader = useCallback(
    (column: number) => {
      setEditingColumn(-1);
      moveTo(HEADER_ROW, column);
    },
    [moveTo],
  );
  return {
    headerFocusColumn,
    editingColumn,
    editColumn,
    onFocusHeader,
    onLeaveHeader,
    onExitHeader,
  };
}
