import type { Page, RecordRow, TableDetail } from '../../../../lib/api/types';
import { walkPages } from '../../../../lib/api/walk-pages';
import { exportLabelOf, nameKeyOf } from './linked-record-names';

export interface LinkedWalk {
  running: boolean;
  /** The linked table's name, once known (for the progress). */
  tableName: string | null;
  controller: AbortController;
  /** Waiting ids → settle with the walk's name, or undefined: not found, read it alone. */
  waiting: Map<string, (name: string | undefined) => void>;
}

/**
 * Reads the linked table's pages (the paging guard on: a loop or a repeated record stops
 * it), giving each waiting id its name and offering the others' names (labels only, never
 * records) to `offer`, which keeps them while the cache has room, so a name a page has used
 * is never pushed out by one it may never need. It ends at the list's end, at maxRecords,
 * on any failure (a 403 on the list, a loop, a failure that persisted) or when the export
 * ends; then every id still waiting is handed back (undefined) to be read alone.
 */
export function startLinkedTableWalk({
  tableId,
  listRecords,
  table: tableOf,
  signal,
  pageSize,
  maxRecords,
  offer,
  report,
}: {
  tableId: string;
  listRecords: (
    tableId: string,
    request: { cursor: string | null; limit: number | undefined; signal: AbortSignal },
  ) => Promise<Page<RecordRow>>;
  /** The linked table, for its label column and name (null when it can't be read). */
  table: () => Promise<TableDetail | null>;
  /** The export's signal: the walk stops with it. */
  signal: AbortSignal;
  pageSize: number;
  maxRecords: number;
  /** A name no one waits for (yet): kept if the cache has room for it. */
  offer: (key: string, name: string) => void;
  /** Says the progress; `true`: now, not at the next interval. */
  report: (force: boolean) => void;
}): LinkedWalk {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  const walk: LinkedWalk = { running: true, tableName: null, controller, waiting: new Map() };
  let records = 0;
  const run = async () => {
    const table = await tableOf();
    const columns = table?.columns ?? null;
    walk.tableName = table?.name ?? null;
    report(true);
    await walkPages<RecordRow>({
      fetchPage: (request) =>
        listRecords(tableId, {
          cursor: request.cursor,
          limit: request.limit,
          signal: request.signal,
        }),
      idOf: (record) => record.id,
      pageSize,
      signal: controller.signal,
      onPage: (page) => {
        for (const record of page.items) {
          const key = nameKeyOf(tableId, record.id);
          const name = exportLabelOf(record, columns);
          const waiter = walk.waiting.get(key);
          if (waiter) {
            walk.waiting.delete(key);
            waiter(name);
          } else offer(key, name);
        }
        records += page.items.length;
        if (records >= maxRecords) controller.abort();
      },
    });
  };
  const end = () => {
    walk.running = false;
    signal.removeEventListener('abort', stop);
    const left = [...walk.waiting.values()];
    walk.waiting.clear();
    for (const waiter of left) waiter(undefined);
    report(true);
  };
  // Whatever stopped the walk, the ids it did not name are read one by one.
  run().then(end, end);
  report(true);
  return walk;
}
