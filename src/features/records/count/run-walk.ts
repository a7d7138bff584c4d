/**
 * Count and Export as walks over a whole view: loaded on demand (the first Count or Export
 * click), so the grid's bundle does not carry the writers and summaries.
 */
import type { Column, RecordRow } from '../../../lib/api/types';
import type { ExportSink } from '../export/file-sink';
import { type ExportFormat, writerFor } from '../export/formats/record-writers';
import {
  createReferenceNames,
  type NameProgress,
  type NameSource,
  type ReferenceNames,
} from '../export/reference-names';
import { type ExportOutcome, runExport } from '../export/run-export';
import { createSummaryAccumulator } from '../summaries/column-stats';
import type { ViewTotals } from './view-totals';
import type { ViewWalker, ViewWalkRequest, WalkWait } from './view-walk';

export interface WalkCallbacks {
  /** Records done so far, after each page. */
  onRecords: (records: number) => void;
  onWait: (wait: WalkWait | null) => void;
  /** Export with names: the names read so far, now and then while they are read. */
  onNames?: (progress: NameProgress) => void;
}

type WalkTarget = Omit<ViewWalkRequest, 'onPage' | 'onWait'>;

function summarizingWalk(
  walker: ViewWalker,
  target: WalkTarget,
  columns: readonly Column[],
  onWait: WalkCallbacks['onWait'],
) {
  const accumulator = createSummaryAccumulator(columns);
  let total = 0;
  return {
    walk: (onPage: (rows: readonly RecordRow[]) => Promise<void> | void) =>
      walker({
        ...target,
        onWait,
        onPage: async (rows) => {
          accumulator.add(rows);
          total += rows.length;
          await onPage(rows);
        },
      }),
    totals: (): ViewTotals => ({
      total,
      summaries: accumulator.summaries(),
      countedAt: Date.now(),
    }),
  };
}

/** Walks the view without keeping its records: the exact total and every column's summary. */
export async function countView(
  walker: ViewWalker,
  target: WalkTarget,
  columns: readonly Column[],
  callbacks: WalkCallbacks,
): Promise<ViewTotals> {
  const run = summarizingWalk(walker, target, columns, callbacks.onWait);
  let records = 0;
  await run.walk((rows) => {
    records += rows.length;
    callbacks.onRecords(records);
  });
  return run.totals();
}

export interface ExportRequest {
  format: ExportFormat;
  bom: boolean;
  /** The visible columns in their order: what the file holds. */
  exportColumns: readonly Column[];
  /**
   * Where REFERENCE values' names are read from; null writes ids only (the "ids only"
   * choice, or a view without a REFERENCE column).
   */
  nameSource: NameSource | null;
  sink: ExportSink;
  describeError: (error: unknown) => string;
}

/**
 * A page's names are read before it is written (the file never holds a name it had to
 * guess), while the walk fetches the next page: at most one page waits for its names
 * as the next one arrives, so the reads and the paging overlap and memory stays two pages.
 */
function namedWalk(
  walk: (onPage: (rows: readonly RecordRow[]) => Promise<void>) => Promise<void>,
  names: ReferenceNames,
  onPage: (rows: readonly RecordRow[]) => Promise<void>,
): Promise<void> {
  let writing: Promise<void> = Promise.resolve();
  return walk(async (rows) => {
    const named = names.prepare(rows);
    // Handled here too: a failure before its turn to be written must not go unhandled.
    named.catch(() => {});
    const previous = writing;
    writing = previous.then(async () => {
      names.use(await named);
      await onPage(rows);
    });
    await previous;
  }).then(
    () => writing,
    async (error: unknown) => {
      // The pages fetched before the failure are written first, in order, then it is reported.
      await writing;
      throw error;
    },
  );
}

/** Exports the view; a complete export also yields the view's totals, as a Count would. */
export async function exportView(
  walker: ViewWalker,
  target: WalkTarget,
  columns: readonly Column[],
  request: ExportRequest,
  callbacks: WalkCallbacks,
): Promise<{ outcome: ExportOutcome; totals: ViewTotals | null; names: NameProgress | null }> {
  const run = summarizingWalk(walker, target, columns, callbacks.onWait);
  const hasReferences = request.exportColumns.some((column) => column.type === 'REFERENCE');
  const names: ReferenceNames | null =
    request.nameSource !== null && hasReferences
      ? createReferenceNames({
          source: request.nameSource,
          columns: request.exportColumns,
          signal: target.signal,
          ...(callbacks.onNames ? { onProgress: callbacks.onNames } : {}),
        })
      : null;
  // However the export ends, a linked table's page walk for names stops with it.
  let outcome: ExportOutcome;
  try {
    outcome = await runExport({
      walk: (onPage) => (names === null ? run.walk(onPage) : namedWalk(run.walk, names, onPage)),
      writer: writerFor(request.format, {
        columns: request.exportColumns,
        bom: request.bom,
        names,
      }),
      sink: request.sink,
      signal: target.signal,
      onRecords: callbacks.onRecords,
      describeError: request.describeError,
    });
  } finally {
    names?.close();
  }
  return {
    outcome,
    totals: outcome.kind === 'complete' ? run.totals() : null,
    names: names?.progress() ?? null,
  };
}
