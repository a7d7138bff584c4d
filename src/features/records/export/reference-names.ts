import { isApiError } from '../../../lib/api/errors';
import { isTransientFailure, retryDelayMs, shouldRetry } from '../../../lib/api/retry-policy';
import type { Column, RecordRow, TableDetail } from '../../../lib/api/types';
import { createConcurrencyLimit } from '../../../lib/concurrency-limit';
import { isRecordId, labelColumnOf } from '../../../lib/record-label';

/**
 * Names for an export's REFERENCE values (decision 045): one read of each distinct linked
 * record (the API has no batch read), a few at a time, kept in a bounded cache for the
 * whole export. A record that can't be read gets no name, and is counted; a name is never
 * guessed, and never taken from a reply about another record.
 */

/** Reads in flight at once: the walk's own page requests and the grid's keep room. */
export const NAME_READS_AT_ONCE = 6;
/**
 * Names kept across the export. A label is ~20–100 characters: 50,000 stay under ~15 MB of
 * heap even with their keys, and hold every customer of the demo's biggest table many times over.
 * Past it, the least recently used is dropped (and read again if it comes back).
 */
export const NAME_CACHE_ENTRIES = 50_000;
/**
 * Waits for the service's rate limit before a read's name is given up: the rate limit is
 * not a missing name, only a slower one (the page walk waits for it the same way).
 */
const RATE_LIMIT_RETRIES = 30;
/** How often the progress is reported while names are being read. */
const PROGRESS_EVERY_MS = 250;

export interface NameSource {
  readRecord(tableId: string, recordId: string, signal: AbortSignal): Promise<RecordRow>;
  readTable(tableId: string, signal: AbortSignal): Promise<TableDetail>;
  /** A record the dashboard already holds (the grid's label cache): saves a read. */
  known?(tableId: string, recordId: string): RecordRow | undefined;
  /** Waits before a retry; rejects when the signal aborts. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export interface NameProgress {
  /** Names read so far (from the service, the cache or the grid's cache). */
  read: number;
  /** Names the export has needed so far (distinct linked records met). */
  needed: number;
  /** Of those, names that could not be read (deleted, not readable with this key, not an id). */
  unreadable: number;
}

/** The linked table a REFERENCE column names (`settings.table_id`), or null. */
export function linkedTableOfColumn(column: Column): string | null {
  const tableId = column.settings?.table_id ?? column.settings?.tableId;
  return typeof tableId === 'string' && tableId !== '' ? tableId : null;
}

/**
 * What an export calls a record: its label column's value in full (no cut, no language:
 * the file is the same in every language), a number as "order_no 45751", else ''.
 */
export function exportLabelOf(record: RecordRow, columns: readonly Column[] | null): string {
  const labelColumn = columns ? labelColumnOf(columns) : null;
  const value = labelColumn
    ? record.fields[labelColumn.name]
    : Object.values(record.fields).find(
        (field) => typeof field === 'string' && field.trim() !== '',
      );
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value) && labelColumn) {
    return `${labelColumn.name} ${value}`;
  }
  return '';
}

/** The names one page needs, kept until it is written. */
export type PageNames = ReadonlyMap<string, string | null>;

export interface ReferenceNames {
  /**
   * Reads every name these rows need that is not known yet. The next page may be prepared
   * while this one waits: each page gets its own names.
   */
  prepare(rows: readonly RecordRow[]): Promise<PageNames>;
  /** The page about to be written: `nameOf` answers from its names. */
  use(page: PageNames): void;
  /** The name of the record `value` points at, in the page in use; null when none could be read. */
  nameOf(column: Column, value: unknown): string | null;
  progress(): NameProgress;
}

export interface ReferenceNamesOptions {
  source: NameSource;
  /** The exported columns: the REFERENCE ones among them are named. */
  columns: readonly Column[];
  signal: AbortSignal;
  onProgress?: (progress: NameProgress) => void;
  readsAtOnce?: number;
  cacheEntries?: number;
  now?: () => number;
}

/** Failures that end the export: the key itself no longer works. Everything else costs one name. */
function endsTheExport(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Cache key: a record id is a UUID, so the table id and it can't run into each other. */
const keyOf = (tableId: string, id: string) => `${tableId} ${id}`;

export function createReferenceNames(options: ReferenceNamesOptions): ReferenceNames {
  const { source, signal } = options;
  const now = options.now ?? (() => performance.now());
  const sleep = source.sleep ?? defaultSleep;
  const maxEntries = options.cacheEntries ?? NAME_CACHE_ENTRIES;
  const limit = createConcurrencyLimit(options.readsAtOnce ?? NAME_READS_AT_ONCE);
  const referenceColumns = options.columns
    .filter((column) => column.type === 'REFERENCE')
    .map((column) => ({ column, tableId: linkedTableOfColumn(column) }));
  /** Name by table and id; null: could not be read. Map order is recency (oldest first). */
  const cache = new Map<string, string | null>();
  /** The names of the page being written: safe from eviction until it is written. */
  let current: PageNames = new Map();
  const tables = new Map<string, Promise<readonly Column[] | null>>();
  /** Reads under way, so two pages prepared at once read a record once. */
  const inFlight = new Map<string, Promise<string | null>>();
  const progress: NameProgress = { read: 0, needed: 0, unreadable: 0 };
  let reportedAt = Number.NEGATIVE_INFINITY;

  const report = (force: boolean) => {
    const time = now();
    if (!force && time - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = time;
    options.onProgress?.({ ...progress });
  };

  const remember = (key: string, name: string | null) => {
    cache.delete(key);
    cache.set(key, name);
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };

  const settle = (key: string, name: string | null) => {
    remember(key, name);
    progress.read += 1;
    if (name === null) progress.unreadable += 1;
    report(false);
  };

  /** The linked table's columns (to find its label column); null when it can't be read. */
  const columnsOf = (tableId: string) => {
    let columns = tables.get(tableId);
    if (columns === undefined) {
      columns = source.readTable(tableId, signal).then(
        (table) => table.columns,
        (error: unknown) => {
          if (signal.aborted || endsTheExport(error)) throw error;
          return null;
        },
      );
      tables.set(tableId, columns);
    }
    return columns;
  };

  const readWithRetries = async (tableId: string, id: string): Promise<RecordRow> => {
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      try {
        return await limit.run(() => source.readRecord(tableId, id, signal), signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const paced = isApiError(error) && error.status === 429 && isTransientFailure(error);
        if (paced ? rateLimited >= RATE_LIMIT_RETRIES : !shouldRetry(failures, error)) throw error;
        const delay = retryDelayMs(paced ? Math.min(rateLimited, 3) : failures, error);
        if (paced) rateLimited += 1;
        else failures += 1;
        await sleep(delay, signal);
      }
    }
  };

  const lookUp = async (tableId: string, id: string): Promise<string | null> => {
    const known = source.known?.(tableId, id);
    try {
      const record = known ?? (await readWithRetries(tableId, id));
      // A reply about another record must not lend it its name.
      if (record.id !== id) return null;
      return exportLabelOf(record, await columnsOf(tableId));
    } catch (error) {
      if (signal.aborted || endsTheExport(error)) throw error;
      return null;
    }
  };

  return {
    async prepare(rows) {
      const pageNames = new Map<string, string | null>();
      const reads: Promise<void>[] = [];
      const need = (tableId: string | null, value: unknown) => {
        if (value === null || value === undefined || value === '') return;
        const id = typeof value === 'string' ? value : JSON.stringify(value);
        const key = keyOf(tableId ?? '', id);
        if (pageNames.has(key)) return;
        const cached = cache.get(key);
        if (cached !== undefined) {
          remember(key, cached);
          pageNames.set(key, cached);
          return;
        }
        const reading = inFlight.get(key);
        if (reading) {
          // Another page is reading it already: this page waits for the same read.
          pageNames.set(key, null);
          reads.push(reading.then((name) => void pageNames.set(key, name)));
          return;
        }
        progress.needed += 1;
        if (tableId === null || !isRecordId(value)) {
          settle(key, null);
          pageNames.set(key, null);
          return;
        }
        // Reserved now, so the same id later on this page waits for this read.
        pageNames.set(key, null);
        const read = lookUp(tableId, value).then((name) => {
          settle(key, name);
          return name;
        });
        inFlight.set(key, read);
        const done = () => void inFlight.delete(key);
        read.then(done, done);
        reads.push(read.then((name) => void pageNames.set(key, name)));
      };
      for (const row of rows) {
        for (const { column, tableId } of referenceColumns) {
          const value = row.fields[column.name];
          if (Array.isArray(value)) for (const item of value) need(tableId, item);
          else need(tableId, value);
        }
      }
      if (reads.length > 0) report(true);
      // Every read settles (a failure is a missing name) unless the export must stop.
      await Promise.all(reads);
      report(true);
      return pageNames;
    },
    use(page) {
      current = page;
    },
    nameOf(column, value) {
      if (value === null || value === undefined || value === '') return null;
      const id = typeof value === 'string' ? value : JSON.stringify(value);
      return current.get(keyOf(linkedTableOfColumn(column) ?? '', id)) ?? null;
    },
    progress: () => ({ ...progress }),
  };
}
