import { useCallback, useState } from 'react';
import type { RecordRow } from '../../../lib/api/types';

/**
 * The record shown in the side panel and the row it came from: closing the panel hands
 * focus back to that row, so a keyboard user continues where they were.
 */
export function useOpenRecord(focusRow: (rowIndex: number) => void) {
  const [openRecord, setOpenRecord] = useState<{ record: RecordRow; rowIndex: number } | null>(
    null,
  );
  const open = useCallback((record: RecordRow, rowIndex: number) => {
    setOpenRecord({ record, rowIndex });
  }, []);
  const close = useCallback(() => {
    const rowIndex = openRecord?.rowIndex;
    setOpenRecord(null);
    if (rowIndex !== undefined) focusRow(rowIndex);
  }, [openRecord, focusRow]);
  return { openRecord: openRecord?.record ?? null, open, close };
}
