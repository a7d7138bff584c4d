import { RecordReference, RecordReferences } from '../../../components/record-reference';
import { LABEL_SETTLE_MS } from '../../../lib/use-record-label';

/**
 * How long a grid row must stay drawn before its linked records' names are asked for:
 * twice a panel's wait. The wheel at a person's pace keeps a row drawn ~200 ms; at the
 * panel's 150 ms most rows wheeled past were read (~170 requests in 10 s, each an answer
 * to parse and a cell to draw again while the grid scrolls), at 300 ms a few dozen, as
 * before the store (a cell's text settled, then its link's lookup settled again).
 */
export const GRID_LABEL_SETTLE_MS = LABEL_SETTLE_MS * 2;

/**
 * A REFERENCE cell of the grid: the linked record's name, as a link. A cell is reused for
 * another row as the grid scrolls (row-keys.ts): it reads the new record's label at once
 * (its name when known, else its short id), and the label is asked for only once the
 * row has stayed drawn for GRID_LABEL_SETTLE_MS (record-label-store.ts), so a fling asks
 * for none of the rows flicked past.
 */
export function GridReference({ tableId, value }: { tableId: string | null; value: unknown }) {
  return Array.isArray(value) ? (
    <RecordReferences tableId={tableId} values={value} settleMs={GRID_LABEL_SETTLE_MS} />
  ) : (
    <RecordReference tableId={tableId} value={value} settleMs={GRID_LABEL_SETTLE_MS} />
  );
}
