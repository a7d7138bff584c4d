import { isApiError } from '../../../lib/api/errors';
import type { Column, Page, RecordRow, TableDetail } from '../../../lib/api/types';
import { createConcurrencyLimit } from '../../../lib/concurrency-limit';
import { isRecordId } from '../../../lib/record-label-column';
import { exportLabelOf, linkedTableOfColumn, nameKeyOf } from './linked-names/linked-record-names';
import { type LinkedWalk, startLinkedTableWalk } from './linked-names/linked-table-walk';
import { defaultSleep, readWithRetries } from './linked-names/read-with-retries';

export { exportLabelOf, linkedTableOfColumn } from './linked-names/linked-record-names';

/**
 * Names for an export's REFERENCE values (decision 045): one read of each distinct linked
 * record (the API has no batch read), a few at a time, kept in a bounded cache for the
 * whole export. Once a linked table's distinct records pass WALK_AFTER_DISTINCT, its pages
 * are read instead (one walk, 500 records a request, bounded): ids waiting for a name get
 * it from the walk, and those it doesn't reach or find go back to the one-record read.
 * A record that can't be read gets no name, and is counted; a name is never guessed, and
 * never taken from a reply about another record.
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
 * Distinct records of one linked table met (read or waiting) before its pages are read
 * instead. A one-record read costs about what paging ~70 records does (decision 045), so
 * 200 reads have cost ~14,000 records of paging (28 pages): past it, a view that keeps
 * meeting new linked records pays for the walk, and below it (the demo's 300 customers
 * barely pass) a small linked set never pays for pages of records it doesn't need.
 */
export const WALK_AFTER_DISTINCT = 200;
/**
 * Records one linked-table walk reads at most: its cost is bounded (200 pages, about as
 * much as ~1,400 one-record reads) when the linked table is huge and few of it are needed.
 */
export const WALK_MAX_RECORDS = 100_000;
/** The records endpoint's largest page (CONTRACT: records 100/500). */
const WALK_PAGE_SIZE = 500;
/** How often the progress is reported while names are being read. */
const PROGRESS_EVERY_MS = 250;

export interface NameSource {
  readRecord(tableId: string, recordId: string, signal: AbortSignal): Promise<RecordRow>;
  readTable(tableId: string, signal: AbortSignal): Promise<TableDetail>;
  /**
   * One page of a linked table's records, in the service's order (no view, sort or filter):
   * when given, a linked table many of whose records are needed is read page by page.
   */
  listRecords?(
    tableId: string,
    request: { cursor: string | null; limit: number | undefined; signal: AbortSignal },
  ): Promise<Page<RecordRow>>;
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
  /** The names of the linked tables whose pages are being read for their names right now. */
  walking: string[];
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
  /** The export is over (done, failed or cancelled): a linked-table walk still running stops. */
  close(): void;
}

export interface ReferenceNamesOptions {
  source: NameSource;
  /** The exported columns: the REFERENCE ones among them are named. */
  columns: readonly Column[];
  signal: AbortSignal;
  onProgress?: (progress: NameProgress) => void;
  readsAtOnce?: number;
  cacheEntries?: number;
  /** Distinct records of one linked table before its pages are read (WALK_AFTER_DISTINCT). */
  walkAfterDistinct?: number;
  walkMaxRecords?: number;
  walkPageSize?: number;
  now?: () => number;
}

/** Failures that end the export: the key itself no longer works. Everything else costs one name. */
function endsTheExport(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** A page's names by the linked record's id alone (a find looks them up by the value). */
export function namesById(page: PageNames): Map<string, string | null> {
  const byId = new Map<string, string | null>();
  // Keys are nameKeyOf(table, id): a record id is a UUID, so it follows the first space.
  for (const [key, name] of page) byId.set(key.slice(key.indexOf(' ') + 1), name);
  return byId;
}

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
  const tables = new Map<string, Promise<TableDetail | null>>();
  /** Reads under way, so two pages prepared at once read a record once. */
  const inFlight = new Map<string, Promise<string | null>>();
  const progress = { read: 0, needed: 0, unreadable: 0 };
  const walkAfterDistinct = options.walkAfterDistinct ?? WALK_AFTER_DISTINCT;
  const walkMaxRecords = options.walkMaxRecords ?? WALK_MAX_RECORDS;
  /** Distinct ids met per linked table (read, reading or waiting): starts its walk. */
  const distinctMet = new Map<string, number>();
  const walks = new Map<string, LinkedWalk>();
  /**
   * Names the walk put in the cache before any page needed them: not counted as needed or
   * read until a page does (the progress says what the file needed).
   */
  const unclaimed = new Set<string>();
  let reportedAt = Number.NEGATIVE_INFINITY;

  const report = (force: boolean) => {
    const time = now();
    if (!force && time - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = time;
    options.onProgress?.(snapshot());
  };
  const snapshot = (): NameProgress => ({
    ...progress,
    walking: [...walks.values()].flatMap((walk) =>
      walk.running && walk.tableName !== null ? [walk.tableName] : [],
    ),
  });

  const remember = (key: string, name: string | null) => {
    cache.delete(key);
    cache.set(key, name);
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) {
        cache.delete(oldest);
        unclaimed.delete(oldest);
      }
    }
  };

  const settle = (key: string, name: string | null) => {
    remember(key, name);
    progress.read += 1;
    if (name === null) progress.unreadable += 1;
    report(false);
  };

  /** The linked table (its columns find its label column); null when it can't be read. */
  const tableOf = (tableId: string) => {
    let table = tables.get(tableId);
    if (table === undefined) {
      table = source.readTable(tableId, signal).then(
        (detail) => detail,
        (error: unknown) => {
          if (signal.aborted || endsTheExport(error)) throw error;
          return null;
        },
      );
      tables.set(tableId, table);
    }
    return table;
  };
  const columnsOf = async (tableId: string) => (await tableOf(tableId))?.columns ?? null;

  const lookUp = async (tableId: string, id: string): Promise<string | null> => {
    const known = source.known?.(tableId, id);
    try {
      const record =
        known ??
        (await readWithRetries(() => source.readRecord(tableId, id, signal), {
          limit,
          signal,
          sleep,
        }));
      // A reply about another record must not lend it its name.
      if (record.id !== id) return null;
      return exportLabelOf(record, await columnsOf(tableId));
    } catch (error) {
      if (signal.aborted || endsTheExport(error)) throw error;
      return null;
    }
  };

  const startWalk = (tableId: string, listRecords: NonNullable<NameSource['listRecords']>) => {
    const walk = startLinkedTableWalk({
      tableId,
      listRecords,
      table: () => tableOf(tableId),
      signal,
      pageSize: options.walkPageSize ?? WALK_PAGE_SIZE,
      maxRecords: walkMaxRecords,
      offer: (key, name) => {
        if (!inFlight.has(key) && !cache.has(key) && cache.size < maxEntries) {
          cache.set(key, name);
          unclaimed.add(key);
        }
      },
      report,
    });
    walks.set(tableId, walk);
    return walk;
  };

  /** The name of a linked record: from its table's walk while one runs, else its own read. */
  const nameOfRecord = (tableId: string, id: string, key: string): Promise<string | null> => {
    const met = (distinctMet.get(tableId) ?? 0) + 1;
    distinctMet.set(tableId, met);
    let walk = walks.get(tableId);
    if (walk === undefined && met > walkAfterDistinct && source.listRecords && !signal.aborted) {
      walk = startWalk(tableId, source.listRecords);
    }
    if (walk?.running) {
      const running = walk;
      return new Promise<string | undefined>((resolve) => running.waiting.set(key, resolve)).then(
        (name) => (name === undefined ? lookUp(tableId, id) : name),
      );
    }
    return lookUp(tableId, id);
  };

  return {
    async prepare(rows) {
      const pageNames = new Map<string, string | null>();
      const reads: Promise<void>[] = [];
      const need = (tableId: string | null, value: unknown) => {
        if (value === null || value === undefined || value === '') return;
        const id = typeof value === 'string' ? value : JSON.stringify(value);
        const key = nameKeyOf(tableId ?? '', id);
        if (pageNames.has(key)) return;
        const cached = cache.get(key);
        if (cached !== undefined) {
          if (unclaimed.delete(key)) {
            // Named by a walk before this page met it: needed and read now.
            progress.needed += 1;
            progress.read += 1;
          }
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
        const read = nameOfRecord(tableId, value, key).then((name) => {
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
      return current.get(nameKeyOf(linkedTableOfColumn(column) ?? '', id)) ?? null;
    },
    progress: snapshot,
    close() {
      for (const walk of walks.values()) walk.controller.abort();
    },
  };
}
