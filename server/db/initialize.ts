import { migrate } from './migrations';
import { createSchema, hasSchema } from './schema';
import type { WorkspaceDb } from './workspace-db';

/**
 * Creates the schema, seeds it with `seed` and gathers planner statistics, all in one
 * immediate transaction, when the database is empty; brings an older schema up to date
 * otherwise; returns whether it created one. When another process holds the write lock
 * (it is seeding the same file), this waits for it, calling `onWait` once, and then finds
 * the schema made.
 *
 * Apart from the connection (workspace-db.ts) because migrating needs the tables' code
 * (user-tables.ts), which itself runs on a connection.
 */
export function initializeWorkspaceDb(
  db: WorkspaceDb,
  seed: (db: WorkspaceDb) => void,
  onWait?: () => void,
): boolean {
  const created = db.whenWritable(() => {
    if (hasSchema(db.sqlite)) {
      migrate(db);
      return false;
    }
    return db.sqlite
      .transaction(() => {
        if (hasSchema(db.sqlite)) return false;
        createSchema(db.sqlite);
        seed(db);
        // Statistics let the planner choose between a sort index and a filter index.
        // Full statistics: a sampled ANALYZE (analysis_limit) drops sqlite_stat4 and the
        // planner then mistakes rare values for common ones. Inside the transaction, so
        // a process waiting for the seed also waits for its statistics.
        db.sqlite.exec('ANALYZE');
        return true;
      })
      .immediate();
  }, onWait);
  db.clearCaches();
  return created;
}
