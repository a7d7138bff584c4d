/**
 * The names of the linked records the find's matches show, read by the worker to match by
 * them (walk/view-search.ts) and handed to the page with the matches (match-posts.ts), so
 * that the grid's cells show them at once rather than each read again (decision 061's last
 * addendum: a keystroke's new rows waited 0.7–1.5 s for their customers' names).
 */
import type { Column, RecordRow } from '../../../../lib/api/types';
import { linkedTableOfColumn } from '../../export/linked-names/linked-record-names';
import type { RowNames } from '../walk/find-walk';
import type { LinkedName } from './find-protocol';

/** Names handed over in a session at most: past it, the set of those sent starts again. */
const SENT_AT_MOST = 50_000;

/**
 * An export's name for a record labelled by a number, "order_no 45751": the grid shows it in
 * the person's language ("order_no 45,751"), so it is not handed over; the grid reads it as
 * before. (A text label of that shape, "Room 101", is only read again: never shown wrong.)
 */
const NUMBER_LABEL = /^\S+ -?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** A session's names: each record named once (`of`), what was sent forgotten on `reset`. */
export function createLinkedNames() {
  let sent = new Set<string>();
  return {
    reset() {
      sent = new Set();
    },
    /** The names of the linked records `rows` show that were not handed over yet. */
    of(rows: readonly RecordRow[], columns: readonly Column[], names: RowNames): LinkedName[] {
      const linked: LinkedName[] = [];
      if (names.size === 0) return linked;
      for (const column of columns) {
        if (column.type !== 'REFERENCE') continue;
        const tableId = linkedTableOfColumn(column);
        if (tableId === null) continue;
        for (const row of rows) {
          const value = row.fields[column.name];
          for (const id of Array.isArray(value) ? value : [value]) {
            if (typeof id !== 'string') continue;
            const name = names.get(id);
            const key = `${tableId} ${id}`;
            if (typeof name !== 'string' || name.trim() === '' || sent.has(key)) continue;
            if (NUMBER_LABEL.test(name)) continue;
            if (sent.size >= SENT_AT_MOST) sent = new Set();
            sent.add(key);
            linked.push([tableId, id, name]);
          }
        }
      }
      return linked;
    },
  };
}
