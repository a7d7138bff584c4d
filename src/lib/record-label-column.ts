/**
 * Which column names a record, and what a record id looks like: no language, so the find
 * worker (which has no catalogs) can use them; ./record-label.ts words a label.
 */
import type { Column } from './api/types';

/** The column a person calls a record by: the primary one, else the first TEXT column. */
export function labelColumnOf(columns: readonly Column[]): Column | null {
  return (
    columns.find((column) => column.isPrimary) ??
    columns.find((column) => column.type === 'TEXT') ??
    null
  );
}

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A REFERENCE value the service can look up: a UUID (CONTRACT §3). */
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}
