// Room count/: counting the whole view exactly, and the walk Export shares. Owns walking
// the view's pages (view-walk.ts, run-walk.ts), the totals kept (view-totals.ts), this hook
// with Count's and Export's state, and their buttons and progress (view-walk-tools.tsx).
// May import export/ (what a walk writes), summaries/ (column totals), shared/ (a failure's
// words), lib/, components/.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { t } from '../../../lib/i18n/i18n';
import type { Translate } from '../../../lib/i18n/i18n-react';
import { linkedTableQuery } from '../../../lib/use-record-label';
import { browserSinkEnvironment, type ExportSink, openExportSink } from '../export/file-sink';
import { EXPORT_FORMATS, type ExportFormat } from '../export/formats/export-formats';
import type { NameProgress, NameSource } from '../export/reference-names';
import { describeLoadError } from '../shared/load-error';
import { saveViewTotals, type ViewTotals, viewTotalsQuery } from './view-totals';
import type { ViewWalker, WalkWait } from './view-walk';

export interface RunningWalk {
  kind: 'count' | 'export';
  records: number;
  startedAt: number;
  wait: WalkWait | null;
  /** The view's size when an earlier walk counted it: makes the progress bar determinate. */
  expectedTotal: number | null;
  /** The picked file's name, when known before the end. */
  fileName: string | null;
  /** Export with names: how many of the linked records' names are read so far. */
  names: NameProgress | null;
}

export interface WalkMessage {
  tone: 'done' | 'problem';
  /** The message in the language on screen: it stays up while the language may change. */
  text: (t: Translate) => string;
  /** What went wrong in the service's (or the browser's) own words, shown after the message. */
  details?: () => string;
}

export interface ExportChoice {
  format: ExportFormat;
  bom: boolean;
  /** Names beside REFERENCE ids (the default); false writes ids only. */
  names: boolean;
}

export interface ViewWalks {
  /** The exact total and summaries of the view from a recent Count or Export, else null. */
  totals: ViewTotals | null;
  running: RunningWalk | null;
  message: WalkMessage | null;
  dismissMessage: () => void;
  count: () => void;
  /** Call straight from the click: the file picker needs the user's gesture. */
  exportView: (choice: ExportChoice) => void;
  cancel: () => void;
  /** The export would name linked records: a visible column is a REFERENCE. */
  exportsReferences: boolean;
}

export interface ViewWalksOptions {
  tableId: string;
  tableName: string;
  query: RecordQuery;
  /** Every column of the table: each gets a summary. */
  columns: readonly Column[];
  /** The visible columns in their on-screen order: what an export writes. */
  visibleColumns: readonly Column[];
  walker: ViewWalker;
}

function isoDate(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Where an export reads linked records' names: the service's one-record read, after the
 * grid's label cache (a record a cell has shown is not read again), or the linked table's
 * pages once many of its records are needed (decision 045). The export's own reads are not
 * put in that cache: 30,000 customers would stay in memory long after the export.
 * A table's find reads the names it matches the same way (decision 057).
 */
export function exportNameSource(client: ApiClient, queryClient: QueryClient): NameSource {
  return {
    readRecord: (tableId, recordId, signal) => client.getRecord(tableId, recordId, { signal }),
    // The linked table as the service lists it: no view, sort or filter of this screen.
    listRecords: (tableId, request) =>
      client.listRecords(tableId, { sort: null, filters: {} }, request),
    readTable: (tableId, signal) =>
      queryClient.fetchQuery(linkedTableQuery(client, tableId)).then((table) => {
        if (signal.aborted) throw signal.reason;
        return table;
      }),
    known: (tableId, recordId) =>
      queryClient.getQueryData<RecordRow>(queryKeys.record(tableId, recordId)),
  };
}

/**
 * Count and Export of the current view: one walk at a time, progress a page at a time,
 * Cancel, and the totals kept per view (view-totals.ts) for the status line and summaries.
 * The walk runs while the grid stays usable; leaving the table cancels it.
 */
export function useViewWalks(options: ViewWalksOptions): ViewWalks {
  const { tableId, tableName, query, columns, visibleColumns, walker } = options;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const totalsQuery = useQuery(viewTotalsQuery(queryClient, tableId, query));
  const totals = totalsQuery.data && !totalsQuery.isStale ? totalsQuery.data : null;

  const [running, setRunning] = useState<RunningWalk | null>(null);
  const [message, setMessage] = useState<WalkMessage | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const begin = useCallback(
    (kind: RunningWalk['kind'], fileName: string | null) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setMessage(null);
      setRunning({
        kind,
        records: 0,
        startedAt: performance.now(),
        wait: null,
        expectedTotal: totals?.total ?? null,
        fileName,
        names: null,
      });
      // The view as it was when the walk began: changing sort or filters meanwhile doesn't change the walk.
      const target = { client, tableId, query, signal: controller.signal };
      const callbacks = {
        onRecords: (records: number) =>
          setRunning((current) => (current ? { ...current, records, wait: null } : current)),
        onWait: (wait: WalkWait | null) =>
          setRunning((current) => (current ? { ...current, wait } : current)),
        onNames: (names: NameProgress) =>
          setRunning((current) => (current ? { ...current, names } : current)),
      };
      const finish = () => {
        if (controllerRef.current === controller) controllerRef.current = null;
        setRunning(null);
      };
      return { controller, target, callbacks, finish };
    },
    [client, tableId, query, totals],
  );

  const count = useCallback(() => {
    if (controllerRef.current) return;
    const { controller, target, callbacks, finish } = begin('count', null);
    let records = 0;
    void import('./run-walk')
      .then(({ countView }) =>
        countView(walker, target, columns, {
          ...callbacks,
          onRecords: (done) => {
            records = done;
            callbacks.onRecords(done);
          },
        }),
      )
      .then(
        (result) => {
          saveViewTotals(queryClient, tableId, query, result);
          setMessage({
            tone: 'done',
            text: (t) => t('records.count.done', { count: result.total }),
          });
        },
        (error: unknown) => {
          if (controller.signal.aborted) {
            setMessage({
              tone: 'done',
              text: (t) => t('records.count.cancelled', { count: records }),
            });
          } else {
            setMessage({
              tone: 'problem',
              text: (t) => t('records.count.stopped', { count: records }),
              details: () => describeLoadError(error),
            });
          }
        },
      )
      .finally(finish);
  }, [begin, walker, columns, queryClient, tableId, query]);

  const exportView = useCallback(
    (choice: ExportChoice) => {
      if (controllerRef.current) return;
      const info = EXPORT_FORMATS[choice.format];
      // Opened first, inside the click: the picker refuses without a fresh user gesture.
      const sinkPromise = openExportSink(
        {
          baseName: `${tableName} ${isoDate()}`,
          extension: info.extension,
          mimeType: info.mimeType,
          description: t('records.export.fileType', { format: info.label }),
        },
        browserSinkEnvironment(),
      );
      const exportColumns = visibleColumns;
      void sinkPromise.then(
        (sink: ExportSink | null) => {
          if (sink === null) return; // The user closed the file picker: nothing to do.
          const { target, callbacks, finish } = begin('export', sink.fileName);
          void import('./run-walk')
            .then(({ exportView: run }) =>
              run(
                walker,
                target,
                columns,
                {
                  format: choice.format,
                  bom: choice.bom,
                  exportColumns,
                  nameSource: choice.names ? exportNameSource(client, queryClient) : null,
                  sink,
                  describeError: describeLoadError,
                },
                callbacks,
              ),
            )
            .then(
              ({ outcome, totals: walked, names }) => {
                if (walked) saveViewTotals(queryClient, tableId, query, walked);
                const unreadable = names?.unreadable ?? 0;
                // Said after what became of the file: how many names it lacks, never hidden.
                const withNames = (t: Translate, text: string) =>
                  unreadable > 0
                    ? `${text} ${t('records.export.namesUnreadable', { count: unreadable })}`
                    : text;
                if (outcome.kind === 'complete') {
                  const { file, records } = outcome;
                  setMessage({
                    tone: 'done',
                    text: (t) =>
                      withNames(
                        t,
                        file.via === 'download'
                          ? t('records.export.doneDownloaded', {
                              count: records,
                              file: file.fileName,
                            })
                          : t('records.export.done', { count: records, file: file.fileName }),
                      ),
                  });
                } else if (outcome.kind === 'cancelled') {
                  setMessage({
                    tone: 'done',
                    text: (t) => t('records.export.cancelled', { count: outcome.records }),
                  });
                } else {
                  const { file, records, error } = outcome;
                  setMessage({
                    tone: 'problem',
                    text: (t) => {
                      if (file === null)
                        return t('records.export.failedWriting', { count: records });
                      const values = { count: records, file: file.fileName };
                      return withNames(
                        t,
                        file.via === 'download'
                          ? t('records.export.stoppedDownloaded', values)
                          : t('records.export.stopped', values),
                      );
                    },
                    details: () => describeLoadError(error),
                  });
                }
              },
              (error: unknown) => {
                void sink.discard();
                setMessage({
                  tone: 'problem',
                  text: (t) => t('records.export.failed'),
                  details: () => describeLoadError(error),
                });
              },
            )
            .finally(finish);
        },
        (error: unknown) => {
          const details = error instanceof Error ? error.message : '';
          setMessage({
            tone: 'problem',
            text: (t) => t('records.export.openFailed'),
            ...(details ? { details: () => details } : {}),
          });
        },
      );
    },
    [begin, walker, columns, visibleColumns, tableName, client, queryClient, tableId, query],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const dismissMessage = useCallback(() => setMessage(null), []);

  const exportsReferences = visibleColumns.some((column) => column.type === 'REFERENCE');
  return {
    totals,
    running,
    message,
    dismissMessage,
    count,
    exportView,
    cancel,
    exportsReferences,
  };
}
