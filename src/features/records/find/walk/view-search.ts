/**
 * One find's walk over the view with its linked records' names, as the find worker runs it
 * (matcher/find.worker.ts, reading the pages itself) and as the page runs it where no
 * worker does (matcher/find-engine.ts): the view's pages read by the view walker, each
 * page's names read ahead of its search (export/reference-names.ts, as an export reads
 * them), and the place the cap stopped at kept by the caller for a narrower query.
 */
import type { ApiClient, Column, RecordQuery, RecordRow } from '../../../../lib/api/types';
import type { ViewWalker, WalkWait } from '../../count/view-walk';
import { createReferenceNames, type NameSource, namesById } from '../../export/reference-names';
import type { FindUpdate } from '../matcher/find-store';
import {
  type FindResumePoint,
  type FindWalkEnd,
  type LoadedPage,
  type RowNames,
  walkForFind,
} from './find-walk';

/**
 * Distinct records of one linked table a find names one by one before it reads that
 * table's pages instead (an export waits for 200, decision 045). A find reads the whole
 * view anyway, and its first matches wait for their page's names: measured on the demo's
 * Orders, the grid's first 100 rows took 1.1–1.8 s to be named one read at a time (six at
 * once), where one page of the 300 customers names them all.
 */
const FIND_WALK_AFTER_DISTINCT = 20;

/** What a find asks to be searched: the view, and where from. */
export interface ViewSearchRequest {
  tableId: string;
  /** The view as the grid asks for it (its sort and filters stay). */
  query: RecordQuery;
  /** The columns searched: the REFERENCE ones among them are named. */
  columns: readonly Column[];
  /** The grid's pages of this view, searched without being read again. */
  loaded: readonly LoadedPage[];
  /** Go on where the cap stopped the last walk of this search, instead of from the first page. */
  resume: boolean;
  signal: AbortSignal;
  onUpdate: (update: FindUpdate) => void;
  onWait: (wait: WalkWait | null) => void;
}

/** Where the view is read, and how a page is searched. */
export interface ViewSearchDeps {
  client: ApiClient;
  walker: ViewWalker;
  /** Where linked records' names are read; null: ids only. */
  nameSource: NameSource | null;
  search: (rows: readonly RecordRow[], names: RowNames) => Promise<FindUpdate> | FindUpdate;
  /** Names read ahead for these very rows (matcher/names-ahead.ts), if any. */
  namesOf?: (rows: readonly RecordRow[]) => Promise<RowNames> | undefined;
}

/**
 * A name source on an API client alone (the find worker's: no grid cache to look in). The
 * linked table as the service lists it: no view, sort or filter of this screen.
 */
export function clientNameSource(client: ApiClient): NameSource {
  return {
    readRecord: (tableId, recordId, signal) => client.getRecord(tableId, recordId, { signal }),
    listRecords: (tableId, request) =>
      client.listRecords(tableId, { sort: null, filters: {} }, request),
    readTable: (tableId, signal) => client.getTable(tableId, { signal }),
  };
}

/** Walks the view once (or from `from`); the end says where a capped walk can go on. */
export async function searchView(
  deps: ViewSearchDeps,
  request: ViewSearchRequest,
  from: FindResumePoint | null,
): Promise<FindWalkEnd> {
  const { nameSource } = deps;
  const names =
    nameSource !== null && request.columns.some((column) => column.type === 'REFERENCE')
      ? createReferenceNames({
          source: nameSource,
          columns: request.columns,
          signal: request.signal,
          walkAfterDistinct: FIND_WALK_AFTER_DISTINCT,
        })
      : null;
  try {
    return await walkForFind({
      walker: deps.walker,
      client: deps.client,
      tableId: request.tableId,
      query: request.query,
      signal: request.signal,
      loaded: from ? [] : request.loaded,
      resumeFrom: from,
      ...(names
        ? {
            nameRows: async (rows) =>
              (await deps.namesOf?.(rows)?.catch(() => null)) ??
              namesById(await names.prepare(rows)),
          }
        : {}),
      search: deps.search,
      onUpdate: request.onUpdate,
      onWait: request.onWait,
    });
  } finally {
    names?.close();
  }
}
