// Room export/ (no screen: count/ holds its buttons): writing the view to a file. Owns one
// export's run (here), where the text goes (file-sink.ts), the formats (formats/: CSV,
// JSON Lines, a cell as a spreadsheet reads it) and names for linked records
// (reference-names.ts, with linked-names/ reading them). May import lib/ only.
import type { RecordRow } from '../../../lib/api/types';
import type { ExportSink, SavedFile } from './file-sink';
import type { RecordWriter } from './formats/record-writers';

/**
 * Walks the view's pages and calls `onPage` for each, in order, each record once; rejects
 * when the walk fails for good (after its own retries) or is aborted.
 */
export type PageWalk = (onPage: (rows: readonly RecordRow[]) => Promise<void>) => Promise<void>;

export type ExportOutcome =
  | { kind: 'complete'; file: SavedFile; records: number }
  /** Cancelled by the user: nothing saved. */
  | { kind: 'cancelled'; records: number }
  /** Stopped by a failure that persisted: `file` holds the records before it, marked partial. */
  | { kind: 'failed'; file: SavedFile | null; records: number; error: unknown };

export interface ExportRun {
  walk: PageWalk;
  writer: RecordWriter;
  sink: ExportSink;
  signal: AbortSignal;
  /** After each page is written, with the records written so far. */
  onRecords?: (recordsWritten: number) => void;
  /** Readable words for a failure, written into the partial file's marker. */
  describeError: (error: unknown) => string;
  now?: () => Date;
}

/**
 * Writes every record of a walk into the sink. The file is saved whole, or (when the walk
 * fails for good) saved with the records written so far and an "incomplete" marker, or
 * (cancelled) thrown away.
 */
export async function runExport(run: ExportRun): Promise<ExportOutcome> {
  const { walk, writer, sink, signal } = run;
  let records = 0;
  let sinkFailed = false;
  const write = async (text: string) => {
    try {
      await sink.write(text);
    } catch (error) {
      sinkFailed = true;
      throw error;
    }
  };
  try {
    await write(writer.start());
    await walk(async (rows) => {
      if (signal.aborted) throw signal.reason;
      await write(writer.records(rows));
      records += rows.length;
      run.onRecords?.(records);
    });
  } catch (error) {
    if (signal.aborted) {
      await sink.discard();
      return { kind: 'cancelled', records };
    }
    if (sinkFailed) {
      // The file itself can't be written (disk full, permission revoked): nothing to save.
      await sink.discard();
      return { kind: 'failed', file: null, records, error };
    }
    try {
      await write(
        writer.incomplete({
          recordsWritten: records,
          reason: run.describeError(error),
          stoppedAt: (run.now?.() ?? new Date()).toISOString(),
        }),
      );
      return { kind: 'failed', file: await sink.finish('partial'), records, error };
    } catch {
      await sink.discard();
      return { kind: 'failed', file: null, records, error };
    }
  }
  return { kind: 'complete', file: await sink.finish('complete'), records };
}
