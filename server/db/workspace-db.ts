import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrations';
import { createSchema, hasSchema, readMeta } from './schema';

/**
 * One open SQLite database plus what every request needs from it: statements prepared
 * once and cached by their SQL text, and caches that are dropped whenever another
 * process (the keys CLI) commits, which `PRAGMA data_version` tells us cheaply.
 */
export class WorkspaceDb {
  readonly sqlite: Database;
  readonly #statements = new Map<string, Statement>();
  readonly #caches = new Set<Map<unknown, unknown>>();
  #dataVersion = -1;
  #cursorSecret: Buffer | null = null;

  constructor(file: string) {
    // `--db .data/demo.sqlite` on a fresh clone: make the folder rather than fail.
    if (file !== ':memory:' && file !== '') mkdirSync(path.dirname(file), { recursive: true });
    this.sqlite = new BetterSqlite3(file);
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('synchronous = NORMAL');
    this.sqlite.pragma('busy_timeout = 5000');
    this.sqlite.pragma('foreign_keys = ON');
    this.sqlite.pragma('temp_store = MEMORY');
    this.sqlite.pragma('cache_size = -65536');
    this.sqlite.pragma('mmap_size = 1073741824');
  }

  /**
   * Creates the schema and runs `seed` in the same transaction when the database is
   * empty. Returns whether it did. Safe when two processes start on one empty file: the
   * immediate transaction serializes them and the second sees the schema.
   */
  initialize(seed: (db: WorkspaceDb) => void): boolean {
    if (hasSchema(this.sqlite)) {
      migrate(this);
      return false;
    }
    const created = this.sqlite
      .transaction(() => {
        if (hasSchema(this.sqlite)) return false;
        createSchema(this.sqlite);
        seed(this);
        return true;
      })
      .immediate();
    // Statistics let the planner choose between a sort index and a filter index (sqlite_stat4).
    if (created) {
      // Full statistics: a sampled ANALYZE (analysis_limit) drops sqlite_stat4 and the
      // planner then mistakes rare values for common ones.
      this.sqlite.exec('ANALYZE');
    }
    this.clearCaches();
    return created;
  }

  statement(sql: string): Statement {
    let prepared = this.#statements.get(sql);
    if (prepared === undefined) {
      prepared = this.sqlite.prepare(sql);
      this.#statements.set(sql, prepared);
    }
    return prepared;
  }

  /** A map that is emptied when the database changes under us. */
  cache<K, V>(): Map<K, V> {
    const map = new Map<K, V>();
    this.#caches.add(map as Map<unknown, unknown>);
    return map;
  }

  /** Call once per request: drops caches if another connection committed since. */
  refreshIfChanged(): void {
    const version = this.sqlite.pragma('data_version', { simple: true }) as number;
    if (version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.clearCaches();
    }
  }

  clearCaches(): void {
    for (const cache of this.#caches) cache.clear();
  }

  get cursorSecret(): Buffer {
    if (this.#cursorSecret === null) {
      const hex = readMeta(this.sqlite, 'cursor_secret');
      if (hex === null)
        throw new Error('The database has no cursor secret; it was not initialized.');
      this.#cursorSecret = Buffer.from(hex, 'hex');
    }
    return this.#cursorSecret;
  }

  close(): void {
    if (this.sqlite.open) this.sqlite.close();
  }
}
