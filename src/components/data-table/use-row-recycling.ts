import { type RefObject, useEffect, useRef } from 'react';
import { RowKeys } from './row-keys';

/**
 * React keys for the items a virtual window draws, so that scrolling reuses their elements
 * (row-keys.ts says why). `focusedIndex` is the item holding keyboard focus: its elements
 * leave with it rather than show another item. A text selection inside `containerRef`
 * keeps every item's elements its own while it lasts, so it never ends up on another
 * item's values. Works for any markup: rows of a grid, cards of a list.
 */
export function useRowRecycling(
  indices: readonly number[],
  focusedIndex: number,
  containerRef: RefObject<Element | null>,
): number[] {
  const rowKeysRef = useRef<RowKeys | null>(null);
  rowKeysRef.current ??= new RowKeys();
  const holdSelection = useSelectionInside(containerRef).current;
  return rowKeysRef.current.assign(indices, (index) => index !== focusedIndex && !holdSelection);
}

/**
 * Whether a text selection (not a caret) reaches into `containerRef`, as of the last
 * `selectionchange`. Read from the event rather than during render: Chromium lays the page
 * out to answer `Selection.isCollapsed`, and asked on every render of a scrolling list that
 * was a forced layout per frame.
 */
function useSelectionInside(containerRef: RefObject<Element | null>): RefObject<boolean> {
  const inside = useRef(false);
  useEffect(() => {
    const update = () => {
      const selection = document.getSelection();
      const container = containerRef.current;
      inside.current =
        selection !== null &&
        !selection.isCollapsed &&
        container !== null &&
        selection.containsNode(container, true);
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [containerRef]);
  return inside;
}
