import { type RefObject, useCallback, useEffect, useState } from 'react';
import type { DataTableHandle } from '../../../../components/data-table/data-table';

/**
 * "Jump to end" and Ctrl+End: load to the end of the view, then focus the last row once
 * the grid has drawn it (the jump resolves before that render).
 */
export function useJumpToEnd(
  jumpToEnd: () => Promise<number | null>,
  knownRowCount: number,
  gridRef: RefObject<DataTableHandle | null>,
) {
  const [focusAfterJump, setFocusAfterJump] = useState<number | null>(null);
  const jump = useCallback(async () => {
    const lastRow = await jumpToEnd();
    if (lastRow !== null && lastRow >= 0) setFocusAfterJump(lastRow);
  }, [jumpToEnd]);
  useEffect(() => {
    if (focusAfterJump !== null && knownRowCount > focusAfterJump) {
      gridRef.current?.focusRow(focusAfterJump);
      setFocusAfterJump(null);
    }
  }, [focusAfterJump, knownRowCount, gridRef]);
  return jump;
}
