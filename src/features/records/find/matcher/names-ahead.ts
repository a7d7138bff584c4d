/**
 * The linked records' names of the grid's pages held by the worker (held-pages.ts), read
 * when a find is likely (the box focused or pointed at, Ctrl+F): the first key's walk then
 * finds its first page named, where it waited ~150 ms at 2.6x for the service's reply
 * (decision 061's addendum on the first key). Kept by the rows they name (a page dropped
 * by the grid drops its names); a name is a record's, whatever the view, so it is never a
 * wrong one. Not read at idle: those are the service's requests for a find never typed.
 */
import type { Column, Connection, RecordRow } from '../../../../lib/api/types';
import { createReferenceNames, type NameSource, namesById } from '../../export/reference-names';
import type { RowNames } from '../walk/find-walk';

/** As the walk's names (view-search.ts): a linked table's pages read past 20 distinct. */
const WALK_AFTER_DISTINCT = 20;

export interface NamesAhead {
  /** Reads the names `pages` need (those not read yet), on this connection and columns. */
  read(
    connection: Connection,
    columns: readonly Column[],
    pages: ReadonlyArray<readonly RecordRow[]>,
  ): void;
  /** The names read ahead for these rows (the very rows held), if any. */
  of(rows: readonly RecordRow[]): Promise<RowNames> | undefined;
}

export function createNamesAhead(sourceOf: (connection: Connection) => NameSource): NamesAhead {
  let current: {
    key: string;
    controller: AbortController;
    close: () => void;
    prepare: (rows: readonly RecordRow[]) => Promise<RowNames>;
    byRows: WeakMap<readonly RecordRow[], Promise<RowNames>>;
  } | null = null;
  return {
    read(connection, columns, pages) {
      if (!columns.some((column) => column.type === 'REFERENCE')) return;
      // In this worker's memory only: never logged nor sent.
      const key = JSON.stringify([connection.serviceUrl, connection.apiKey, columns]);
      if (current?.key !== key) {
        current?.controller.abort();
        current?.close();
        const controller = new AbortController();
        const names = createReferenceNames({
          source: sourceOf(connection),
          columns,
          signal: controller.signal,
          walkAfterDistinct: WALK_AFTER_DISTINCT,
        });
        current = {
          key,
          controller,
          close: () => names.close(),
          prepare: async (rows) => namesById(await names.prepare(rows)),
          byRows: new WeakMap(),
        };
      }
      for (const rows of pages) {
        if (current.byRows.has(rows)) continue;
        const read = current.prepare(rows);
        read.catch(() => {}); // A walk that finds it failed reads the names itself.
        current.byRows.set(rows, read);
      }
    },
    of: (rows) => current?.byRows.get(rows),
  };
}
