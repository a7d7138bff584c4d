import { addRecord, changeRecordFields } from '../../server/db/record-changes';
import { WorkspaceDb } from '../../server/db/workspace-db';

/**
 * Changes records in a reference server's SQLite file between two visits, as someone
 * working in the product would, through the server's own storage code (sort keys, items
 * and served JSON kept in step). The running server sees the commit on its next request
 * (`PRAGMA data_version`); no write API is involved. Only for a spec's own server: the
 * suite's shared server is read by every worker.
 */
export function changeRecords(
  dbPath: string,
  tableId: string,
  changes: { id: string; fields: Record<string, unknown> }[],
  at: Date = new Date(),
): void {
  withDb(dbPath, (db) => {
    db.sqlite.transaction(() => {
      for (const change of changes) {
        changeRecordFields(db, tableId, change.id, change.fields, at.toISOString());
      }
    })();
  });
}

/** Adds records created at `at`; returns their ids. */
export function createRecords(
  dbPath: string,
  tableId: string,
  records: Record<string, unknown>[],
  at: Date = new Date(),
): string[] {
  return withDb(dbPath, (db) =>
    db.sqlite.transaction(() =>
      records.map((fields) => addRecord(db, tableId, fields, at.toISOString())),
    )(),
  );
}

function withDb<T>(dbPath: string, use: (db: WorkspaceDb) => T): T {
  const db = new WorkspaceDb(dbPath);
  try {
    return use(db);
  } finally {
    db.close();
  }
}
