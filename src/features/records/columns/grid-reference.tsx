import { RecordReference, RecordReferences } from '../../../components/record-reference';

/**
 * A REFERENCE cell of the grid: the linked record's name, as a link. A cell is reused for
 * another row as the grid scrolls (row-keys.ts): it reads the new record's label at once
 * (its name when known, else its short id), and the label is asked for only once the
 * record has stayed on screen for the settle delay (record-label-store.ts), so a fling
 * asks for none of the rows flicked past.
 */
export function GridReference({ tableId, value }: { tableId: string | null; value: unknown }) {
  return Array.isArray(value) ? (
    <RecordReferences tableId={tableId} values={value} />
  ) : (
    <RecordReference tableId={tableId} value={value} />
  );
}
