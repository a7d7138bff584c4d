import { isCancelledError, type QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors';
import { queryKeys } from './api/query-keys';
import type { ApiClient, Column, RecordRow, TableDetail } from './api/types';
import { type ConcurrencyLimit, createConcurrencyLimit } from './concurrency-limit';

/**
 * Label requests in flight at once. A screen of a grid can link to ~40 records: four at a
 * time keep the grid's own page requests (and the rate limit) free, and a request for a
 * row scrolled away is dropped before it starts (see createConcurrencyLimit).
 */
export const LABEL_REQUESTS_AT_ONCE = 4;
/**
 * A record must stay on screen this long before its label is asked for, so flicking
 * through thousands of rows asks for none of the rows flicked past.
 */
export const LABEL_SETTLE_MS = 150;
/** Names change rarely; a label is reused for this long across the whole app. */
export const LABEL_STALE_MS = 5 * 60_000;
/**
 * Lookups leave on a grid of this many milliseconds: the records a screen of rows brought
 * in a few frames apart go out together, from one timer, not one timer per cell.
 */
export const LABEL_BATCH_MS = 50;
/** Records remembered without anyone showing them; past it, the oldest are let go. */
const KEPT_ENTRIES = 2_000;
/** Names read elsewhere (`know`) remembered; past it, the oldest are let go. */
const KEPT_NAMES = 20_000;

/** What a label is made of: the linked record (or why not) and its table's columns (or why not). */
export interface LabelSource {
  record: RecordRow | undefined;
  /** Why the record could not be read; null when it was, or hasn't been asked yet. */
  recordError: unknown;
  table: TableSource;
  /**
   * The record's name as another reader read it (Find's worker names every match's linked
   * records to match by them, reading the linked table a page at a time): shown, and not
   * read again here until it is LABEL_STALE_MS old, unless the record itself comes.
   */
  named?: string;
}

export interface TableSource {
  /** The linked table's columns (which one names a record); null until read, or when it can't be. */
  columns: readonly Column[] | null;
  error: unknown;
  /** Read, or failed: a label no longer waits for it. */
  settled: boolean;
}

interface Entry {
  tableId: string;
  recordId: string;
  source: LabelSource;
  listeners: Set<() => void>;
  /** Asked, waiting for a request slot: aborting withdraws it. */
  waiting: AbortController | null;
  /** Sent and not answered yet. */
  inFlight: boolean;
  /**
   * When the record (or its refusal, or its name by another reader) was last read; 0 for
   * never, or for a failure worth asking again.
   */
  readAt: number;
}

interface TableEntry {
  source: TableSource;
  asked: boolean;
}

/** The linked table's detail (its columns name the label column); shared with the grid's cache entry. */
export function linkedTableQuery(client: ApiClient, tableId: string) {
  return {
    queryKey: queryKeys.table(tableId),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.getTable(tableId, { signal }),
    staleTime: 60_000,
  };
}

const NO_TABLE: TableSource = { columns: null, error: null, settled: false };

const labelRequests = createConcurrencyLimit(LABEL_REQUESTS_AT_ONCE);

/**
 * The names of linked records, for every cell that shows one: one store per workspace
 * connection, so a cell reads its label synchronously and subscribes to that record
 * alone. Before it, each cell ran two TanStack Query observers (the record and its
 * table), whose subscriptions, timers and cache scans were 35–44 % of the main thread
 * while a grid scrolled (decision 060). Lookups wait LABEL_SETTLE_MS, then leave together
 * (one timer for the whole store, so a screen of rows is one batch), one request per
 * distinct record, LABEL_REQUESTS_AT_ONCE at a time, through the query cache (which keeps
 * the answers for the record's panel and the telling line, and hears a refused key).
 */
export class RecordLabelStore {
  private readonly entries = new Map<string, Entry>();
  private readonly tables = new Map<string, TableEntry>();
  /** Names read elsewhere and when, by `${tableId}/${recordId}`, oldest first (see `know`). */
  private readonly named = new Map<string, { name: string; at: number }>();
  /**
   * Each place showing a record that isn't known, and when it will have shown it for the
   * settle delay. Per place, not per record: a customer in every third row of a scrolling
   * grid is always on screen somewhere, but no one row shows it long enough to be read.
   */
  private readonly due = new Set<{ entry: Entry; dueAt: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly client: ApiClient,
    private readonly queryClient: QueryClient,
    private readonly limit: ConcurrencyLimit = labelRequests,
  ) {
    // A record read elsewhere (its panel, opened and refreshed) changes its name here too:
    // one listener for the store, where each cell's observers used to listen themselves.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [, family, tableId, detail, recordId] = event.query.queryKey;
      if (family === 'tables' && tableId === 'detail' && typeof detail === 'string') {
        // The linked table's detail read elsewhere (the grid of that table, a filter's search).
        const table = this.tables.get(detail);
        const columns = (event.query.state.data as TableDetail | undefined)?.columns;
        if (table === undefined || columns === undefined || columns === table.source.columns)
          return;
        table.asked = true;
        this.tableSettled(detail, { columns, error: null, settled: true });
        return;
      }
      if (family !== 'records' || detail !== 'detail') return;
      const entry = this.entries.get(`${String(tableId)}/${String(recordId)}`);
      const record = event.query.state.data as RecordRow | undefined;
      if (entry === undefined || entry.inFlight || record === entry.source.record) return;
      entry.readAt = event.query.state.dataUpdatedAt;
      this.update(entry, { ...entry.source, record, recordError: null });
    });
  }

  /** What is known of the record's label now: the same object until something changes. */
  sourceOf(tableId: string, recordId: string): LabelSource {
    return this.entryOf(tableId, recordId).source;
  }

  /**
   * Shows the record's label somewhere: `listener` hears of every change to it, and a
   * lookup leaves after `settleMs` unless it is known (and fresh) or every watcher has
   * left by then. Returns the unwatch.
   */
  watch(tableId: string, recordId: string, settleMs: number, listener: () => void): () => void {
    const entry = this.entryOf(tableId, recordId);
    entry.listeners.add(listener);
    const waiting =
      this.needsLookup(entry) || !this.tableOf(tableId).asked
        ? { entry, dueAt: Math.ceil((Date.now() + settleMs) / LABEL_BATCH_MS) * LABEL_BATCH_MS }
        : null;
    if (waiting !== null) {
      this.due.add(waiting);
      this.schedule(waiting.dueAt);
    }
    return () => {
      entry.listeners.delete(listener);
      if (waiting !== null) this.due.delete(waiting);
      if (entry.listeners.size > 0) return;
      entry.waiting?.abort();
      entry.waiting = null;
    };
  }

  /**
   * Names of linked records another reader has read: Find's worker names every match's
   * linked records to match by them, reading a linked table page by page (500 records a
   * request) once a view meets more than a few of its records (decision 061's addenda). A
   * match drawn for a keystroke shows them at once, and a name known so is an answer like a
   * record read here: not read again, one request per record, until it is LABEL_STALE_MS
   * old (issue 33: a find's screenful of matches asked for each of its customers). A
   * request for it still waiting for a slot is withdrawn; the record read elsewhere (its
   * panel) still takes over. The name is the label column's text (the worker hands over no
   * number label, which the grid writes in the person's language).
   */
  know(names: Iterable<readonly [tableId: string, recordId: string, name: string]>): void {
    const now = Date.now();
    for (const [tableId, recordId, name] of names) {
      const key = `${tableId}/${recordId}`;
      this.named.delete(key);
      this.named.set(key, { name, at: now });
      if (this.named.size > KEPT_NAMES) {
        const oldest = this.named.keys().next();
        if (!oldest.done) this.named.delete(oldest.value);
      }
      const entry = this.entries.get(key);
      if (entry === undefined || entry.source.record !== undefined) continue;
      entry.readAt = now;
      entry.waiting?.abort();
      entry.waiting = null;
      if (entry.source.named !== name) this.update(entry, { ...entry.source, named: name });
    }
  }

  private entryOf(tableId: string, recordId: string): Entry {
    const key = `${tableId}/${recordId}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      this.letGoOfUnwatched();
      const cached = this.queryClient.getQueryState<RecordRow>(queryKeys.record(tableId, recordId));
      const named = this.named.get(key);
      const fresh = named !== undefined && Date.now() - named.at <= LABEL_STALE_MS;
      entry = {
        tableId,
        recordId,
        source: {
          record: cached?.data,
          recordError: null,
          table: this.tableOf(tableId).source,
          ...(fresh ? { named: named.name } : {}),
        },
        listeners: new Set(),
        waiting: null,
        inFlight: false,
        readAt: cached?.data !== undefined ? cached.dataUpdatedAt : fresh ? named.at : 0,
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private tableOf(tableId: string): TableEntry {
    let table = this.tables.get(tableId);
    if (table === undefined) {
      const columns = this.queryClient.getQueryData<TableDetail>(queryKeys.table(tableId))?.columns;
      table =
        columns === undefined
          ? { source: NO_TABLE, asked: false }
          : { source: { columns, error: null, settled: true }, asked: true };
      this.tables.set(tableId, table);
    }
    return table;
  }

  private needsLookup(entry: Entry): boolean {
    if (entry.waiting !== null || entry.inFlight) return false;
    const known =
      entry.source.record !== undefined ||
      entry.source.recordError !== null ||
      entry.source.named !== undefined;
    return !known || Date.now() - entry.readAt > LABEL_STALE_MS;
  }

  private schedule(at: number) {
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.sendDue(), Math.max(0, at - Date.now()));
  }

  /** The lookups whose settle delay has passed, in one go: the rows that stayed on screen. */
  private sendDue() {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const waiting of this.due) {
      if (waiting.dueAt > now) {
        next = Math.min(next, waiting.dueAt);
        continue;
      }
      this.due.delete(waiting);
      // A name needs its table's columns too, even when the record came from elsewhere.
      this.askForTable(waiting.entry.tableId);
      if (this.needsLookup(waiting.entry)) this.send(waiting.entry);
    }
    if (next !== Number.POSITIVE_INFINITY) this.schedule(next);
  }

  private send(entry: Entry) {
    const waiting = new AbortController();
    entry.waiting = waiting;
    const { tableId, recordId } = entry;
    this.limit
      .run(() => {
        // Once sent, a request is allowed to finish and its answer kept, even if every cell
        // that wanted it has scrolled away: scrolling back never asks for it twice.
        entry.waiting = null;
        entry.inFlight = true;
        return this.queryClient.fetchQuery({
          queryKey: queryKeys.record(tableId, recordId),
          queryFn: () => this.client.getRecord(tableId, recordId),
          staleTime: LABEL_STALE_MS,
        });
      }, waiting.signal)
      .then(
        (record) => {
          entry.inFlight = false;
          entry.readAt = Date.now();
          this.update(entry, { ...entry.source, record, recordError: null });
        },
        (error: unknown) => {
          // Withdrawn before it left: nothing was learnt.
          if (!entry.inFlight) return;
          entry.inFlight = false;
          // Joined another reader's request, which was called off when that reader left
          // (a query cancelled with its last observer): not an answer; ask again for the
          // places still showing the record.
          if (isCancelledError(error)) {
            if (entry.listeners.size > 0) this.send(entry);
            return;
          }
          // A refusal (deleted, not readable) is an answer, kept as long as a name; anything
          // else is asked again the next time the record is shown.
          entry.readAt = isAnswer(error) ? Date.now() : 0;
          this.update(entry, { ...entry.source, recordError: error });
        },
      );
  }

  /** Asks for the linked table's detail unless it is known, on its way, or refused. */
  private askForTable(tableId: string) {
    const table = this.tableOf(tableId);
    if (table.asked) return;
    table.asked = true;
    this.queryClient.fetchQuery(linkedTableQuery(this.client, tableId)).then(
      (detail) =>
        this.tableSettled(tableId, { columns: detail.columns, error: null, settled: true }),
      (error: unknown) => {
        // Anything but a refusal is asked again when a record of the table is next shown;
        // a request called off with another reader is asked again at once.
        table.asked = isAnswer(error);
        if (isCancelledError(error)) {
          const watched = [...this.entries.values()].some(
            (entry) => entry.tableId === tableId && entry.listeners.size > 0,
          );
          if (watched) this.askForTable(tableId);
          return;
        }
        this.tableSettled(tableId, { columns: null, error, settled: true });
      },
    );
  }

  private tableSettled(tableId: string, source: TableSource) {
    this.tableOf(tableId).source = source;
    for (const entry of this.entries.values()) {
      if (entry.tableId === tableId) this.update(entry, { ...entry.source, table: source });
    }
  }

  private update(entry: Entry, source: LabelSource) {
    entry.source = source;
    for (const listener of [...entry.listeners]) listener();
  }

  /** Keeps the store's size bounded: records nobody shows, oldest first. */
  private letGoOfUnwatched() {
    if (this.entries.size < KEPT_ENTRIES) return;
    for (const [key, entry] of this.entries) {
      if (this.entries.size < KEPT_ENTRIES * 0.75) break;
      if (entry.listeners.size === 0 && !entry.inFlight && entry.waiting === null) {
        this.entries.delete(key);
      }
    }
  }
}

/** A 4xx other than a rate limit: the service's answer about that record, not an accident. */
function isAnswer(error: unknown): boolean {
  const status = isApiError(error) ? error.status : null;
  return status !== null && status >= 400 && status < 500 && status !== 429;
}

const stores = new WeakMap<QueryClient, WeakMap<ApiClient, RecordLabelStore>>();

/**
 * The store of a connection's cache: after a sign-out and another key, the old key's late
 * answers land in the old store, which nothing reads.
 */
export function recordLabelStoreFor(queryClient: QueryClient, client: ApiClient): RecordLabelStore {
  let byClient = stores.get(queryClient);
  if (byClient === undefined) {
    byClient = new WeakMap();
    stores.set(queryClient, byClient);
  }
  let store = byClient.get(client);
  if (store === undefined) {
    store = new RecordLabelStore(client, queryClient);
    byClient.set(client, store);
  }
  return store;
}
