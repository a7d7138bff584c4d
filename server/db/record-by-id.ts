import type { TableInfo } from './user-tables';
import type { WorkspaceDb } from './workspace-db';

/**
 * One record of the table as the contract's JSON (stored ready to serve), or null. The
 * lookup is in the table's own storage, so another table's record is never found.
 */
export function loadRecordJson(db: WorkspaceDb, table: TableInfo, recordId: string): string | null {
  const row = db
    .statement(`SELECT record FROM ${table.storage} WHERE id = ?`)
    .pluck(true)
    .get(recordId) as string | undefined;
  return row ?? null;
}
