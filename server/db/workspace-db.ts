import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database, Statement } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { estimatedBytes, type LruLimits, LruMap } from './lru-map';
import { StatementReleases, statementBytes } from './memory-budget';
import { readMeta } from './schema';

/**
 * How long one SQLite call may wait for a lock. better-sqlite3 is synchronous, so a wait
 * stalls every request of the process: while serving, a read waits briefly and then
 * fails (the HTTP layer answers 503 with Retry-After); at start-up nothing is being
 * served yet, so waits are long and retried (see `whenWritable`).
 */
export const SERVING_BUSY_TIMEOUT_MS = 100;
export const STARTUP_BUSY_TIMEOUT_MS = 1000;

/**
 * Prepared statements kept; SQL differs by sort and filter columns, never by values. Those
 * dropped are freed by the next collection (memory-budget.ts).
 */
const STATEMENT_LIMITS = { maxEntries: 500, maxBytes: 4 * 1024 * 1024 };
/** SQLite's page cache, per connection. */
const PAGE_CACHE_KIB = 8 * 1024;
/** Default bound of each `cache()`; request data (keys, filter values) can key a cache. */
export const DEFAULT_CACHE_LIMITS = { maxEntries: 10_000, maxBytes: 8 * 1024 * 1024 };

/** SQLITE_BUSY and its extended codes, and SQLITE_LOCKED: another connection has the lock. */
export function isBusyError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

/**
 * One open SQLite database plus what every request needs from it: statements prepared
 * once and cached by their SQL text, and caches that are dropped whenever another
 * process (the keys CLI) commits, which `PRAGMA data_version` tells us cheaply. Every
 * cache is an LRU bounded by entries and bytes.
 */
export class WorkspaceDb {
  readonly sqlite: Database;
  readonly releases = new StatementReleases();
  readonly #statements = new LruMap<string, Statement>({
    ...STATEMENT_LIMITS,
    sizeOf: (sql) => statementBytes(sql),
    onEvict: (sql) => this.releases.released(sql),
  });
  readonly #caches = new Set<Map<unknown, unknown>>();
  readonly #beforeClose: (() => void)[] = [];
  #dataVersion = -1;
  #dataVersionStatement: Statement | null = null;
  #cursorSecret: Buffer | null = null;
  #readTransaction: ((fn: () => unknown) => unknown) | null = null;

  constructor(file: string) {
    // `--db .data/demo.sqlite` on a fresh clone: make the folder rather than fail.
    if (file !== ':memory:' && file !== '') mkdirSync(path.dirname(file), { recursive: true });
    this.sqlite = new BetterSqlite3(file, { timeout: STARTUP_BUSY_TIMEOUT_MS });
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('synchronous = NORMAL');
    this.sqlite.pragma('foreign_keys = ON');
    this.sqlite.pragma('temp_store = MEMORY');
    // Pages are read into a bounded cache of SQLite's own rather than memory-mapped: every
    // mapped page a query touched counted in the process's resident memory (180 MB of the
    // 300 MB after 20,000 distinct queries on the demo database; decision 028), while a page
    // costs the same either way (decision 027).
    this.sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    this.sqlite.pragma('mmap_size = 0');
  }

  /**
   * Runs `write` (which takes the write lock itself), retrying while another process
   * holds the lock; `onWait` is called once, on the first wait. For start-up only: each
   * attempt blocks the process for up to STARTUP_BUSY_TIMEOUT_MS.
   */
  whenWritable<T>(write: () => T, onWait?: () => void): T {
    let waited = false;
    for (;;) {
      try {
        return write();
      } catch (error) {
        if (!isBusyError(error)) throw error;
        if (!waited) onWait?.();
        waited = true;
      }
    }
  }

  /** Short lock waits from now on: requests are served, and a stalled call stalls them all. */
  enterServingMode(): void {
    this.sqlite.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
  }

  statement(sql: string): Statement {
    let prepared = this.#statements.get(sql);
    if (prepared === undefined) {
      prepared = this.sqlite.prepare(sql);
      this.#statements.set(sql, prepared);
      // Larger than the whole cache: used once, then left to the collector.
      if (!this.#statements.has(sql)) this.releases.released(sql);
    }
    return prepared;
  }

  /**
   * A statement for one use (EXPLAIN QUERY PLAN of a query about to be pinned), not kept:
   * counted as released at once, so its memory is reclaimed with the cache's.
   */
  statementOnce(sql: string): Statement {
    const prepared = this.sqlite.prepare(sql);
    this.releases.released(sql);
    return prepared;
  }

  /**
   * Runs `fn` in one read transaction, so all its statements see the same snapshot even
   * while another process commits. Inside a transaction already, `fn` simply runs in it.
   */
  read<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return fn();
    this.#readTransaction ??= this.sqlite.transaction((inner: () => unknown) => inner());
    return this.#readTransaction(fn) as T;
  }

  /** A bounded LRU map that is emptied when the database changes under us. */
  cache<K, V>(limits: Partial<LruLimits<K, V>> = {}): Map<K, V> {
    const map = new LruMap<K, V>({
      ...DEFAULT_CACHE_LIMITS,
      sizeOf: estimatedBytes,
      ...limits,
    });
    this.#caches.add(map as Map<unknown, unknown>);
    return map;
  }

  /** Call once per request: drops caches if another connection committed since. */
  refreshIfChanged(): void {
    // A prepared statement: `pragma()` prepares one on every call (a few % of a page's time).
    this.#dataVersionStatement ??= this.sqlite.prepare('PRAGMA data_version').pluck();
    const version = this.#dataVersionStatement.get() as number;
    if (version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.clearCaches();
    }
  }

  /** Entries and estimated bytes held by every cache and the statement cache. */
  cacheStats(): {
    caches: number;
    entries: number;
    bytes: number;
    statements: number;
    collections: number;
  } {
    let entries = 0;
    let bytes = 0;
    for (const cache of this.#caches) {
      entries += cache.size;
      if (cache instanceof LruMap) bytes += cache.bytes;
    }
    return {
      caches: this.#caches.size,
      entries,
      bytes,
      statements: this.#statements.size,
      collections: this.releases.collections,
    };
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

  /** `fn` runs in close(), before the database is closed (e.g. a last flush of writes). */
  beforeClose(fn: () => void): void {
    this.#beforeClose.push(fn);
  }

  close(): void {
    if (!this.sqlite.open) return;
    for (const fn of this.#beforeClose.splice(0)) {
      try {
        fn();
      } catch {
        // Closing must not fail: a last flush that loses its race is dropped.
      }
    }
    this.sqlite.close();
  }
}
