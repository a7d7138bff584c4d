import { loadRecordJson } from './record-by-id';
import { insertRecords, loadTable, updateRecord } from './user-tables';
import type { WorkspaceDb } from './workspace-db';

/**
 * Edits to records as the product would make them, for tests and dev tools only (the API
 * stays read-only: nothing here is reachable over HTTP). Every write goes through
 * user-tables.ts, so a record's sort keys, its items rows and its served JSON stay in step,
 * and this process's caches are dropped; a server running on the same file notices the
 * commit through `PRAGMA data_version` on its next request (WorkspaceDb.refreshIfChanged).
 */

/**
 * Sets some fields of one record (the others are kept) and its updated_at. Throws on a
 * table or record that does not exist and on a field name that is not one of the table's
 * columns, so a test cannot silently change nothing.
 */
export function changeRecordFields(
  db: WorkspaceDb,
  tableId: string,
  recordId: string,
  changes: Record<string, unknown>,
  updatedAt: string,
): void {
  const table = loadTable(db, tableId);
  if (table === null) throw new Error('No such table.');
  for (const name of Object.keys(changes)) {
    if (!table.columnsByName.has(name)) throw new Error(`No column named ${JSON.stringify(name)}.`);
  }
  if (Number.isNaN(Date.parse(updatedAt))) throw new Error('updatedAt is not a date.');
  const stored = loadRecordJson(db, table, recordId);
  if (stored === null) throw new Error('No such record.');
  const { fields } = JSON.parse(stored) as { fields: Record<string, unknown> };
  updateRecord(db, table, recordId, { ...fields, ...changes }, updatedAt);
}

/** Adds a record created (and last updated) at `createdAt`; returns its id. */
export function addRecord(
  db: WorkspaceDb,
  tableId: string,
  fields: Record<string, unknown>,
  createdAt: string,
): string {
  const table = loadTable(db, tableId);
  if (table === null) throw new Error('No such table.');
  for (const name of Object.keys(fields)) {
    if (!table.columnsByName.has(name)) throw new Error(`No column named ${JSON.stringify(name)}.`);
  }
  if (Number.isNaN(Date.parse(createdAt))) throw new Error('createdAt is not a date.');
  const [id] = insertRecords(db, table, [{ fields, createdAt, updatedAt: createdAt }]);
  if (id === undefined) throw new Error('The record was not added.');
  return id;
}
