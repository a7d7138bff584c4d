import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * better-sqlite3 (12.x) has no way to finalize a statement: its SQLite memory (about 7 KB
 * for a records run, measured) is freed only when V8 collects the Statement object, and
 * V8 sees only the small wrapper. A server asked thousands of distinct queries (issue 19:
 * 20,000 of 1–10 filters) drops statements from its bounded cache faster than V8 collects
 * them: 412 MB idle, while the caches hold 2.7 MB.
 *
 * So the statements let go (dropped from the cache, or prepared for one use) are counted
 * by their estimated size, and once they may hold RELEASE_BUDGET_BYTES a full collection
 * runs, just after the current request. A server whose queries repeat (a view paged
 * through) prepares nothing new and never pays for it.
 */
export const RELEASE_BUDGET_BYTES = 8 * 1024 * 1024;

/**
 * Estimated native bytes of a prepared statement: a few times its SQL text, plus its VM.
 * A records run of ~400 characters measured about 7 KB; this says 4 KB, so the budget
 * above is about 14 MB of SQLite's memory.
 */
export function statementBytes(sql: string): number {
  return sql.length * 8 + 1024;
}

type Collect = () => void;

let collector: Collect | null | undefined;

/** V8's full collection, exposed once for this process; null where that is not allowed. */
function collectorOf(): Collect | null {
  if (collector !== undefined) return collector;
  collector = null;
  try {
    const exposed = (globalThis as { gc?: unknown }).gc;
    if (typeof exposed === 'function') {
      collector = exposed as Collect;
    } else {
      // Only contexts made after the flag get `gc`; the main context is left as it is.
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      if (typeof gc === 'function') collector = gc as Collect;
    }
  } catch {
    collector = null;
  }
  return collector;
}

export class StatementReleases {
  readonly #budget: number;
  #bytes = 0;
  #scheduled = false;
  #collections = 0;

  constructor(budget = RELEASE_BUDGET_BYTES) {
    this.#budget = budget;
  }

  /** How many collections this has asked for (tests, the benchmark's notes). */
  get collections(): number {
    return this.#collections;
  }

  /** Bytes let go since the last collection, by the estimate. */
  get pendingBytes(): number {
    return this.#bytes;
  }

  /** A statement nothing refers to any more; collects once the budget is reached. */
  released(sql: string): void {
    this.#bytes += statementBytes(sql);
    if (this.#bytes < this.#budget || this.#scheduled) return;
    this.#scheduled = true;
    // After the reply in hand is written: its statement may still be in use right now.
    setImmediate(() => this.collectNow()).unref();
  }

  collectNow(): void {
    this.#scheduled = false;
    this.#bytes = 0;
    const collect = collectorOf();
    if (collect === null) return;
    this.#collections += 1;
    collect();
  }
}

/**
 * V8 grows its young generation up to 2 × 16 MB under a stream of requests and keeps it:
 * about a fifth of the server's resident memory after 20,000 distinct queries, for
 * objects that mostly live one request (pages are Buffers outside the heap). Kept at its
 * starting size instead (decision 028: the records page's CPU time did not move). Only
 * this growth factor can still be set once V8 is running; call before serving.
 */
export function keepYoungGenerationSmall(): void {
  try {
    setFlagsFromString('--semi-space-growth-factor=1');
  } catch {
    // A runtime that refuses flags keeps V8's defaults: more memory, nothing wrong.
  }
}
