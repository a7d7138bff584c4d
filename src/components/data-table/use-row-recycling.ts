import { type RefObject, useRef } from 'react';
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
  const selection = typeof document === 'undefined' ? null : document.getSelection();
  const holdSelection =
    selection !== null &&
    !selection.isCollapsed &&
    containerRef.current !== null &&
    selection.containsNode(containerRef.current, true);
  return rowKeysRef.current.assign(indices, (index) => index !== focusedIndex && !holdSelection);
}
