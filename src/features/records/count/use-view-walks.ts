import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Column, RecordQuery, RecordRow, TableDetail } from '../../../lib/api/types';
import { t } from '../../../lib/i18n/i18n';
import type { Translate } from '../../../lib/i18n/i18n-react';
import { recordLabelOf } from '../../../lib/record-label';
import { linkedTableOf } from '../columns/record-cell';
import { browserSinkEnvironment, type ExportSink, openExportSink } from '../export/file-sink';
import { EXPORT_FORMATS, type ExportFormat } from '../export/record-writers';
import type { ReferenceLabeler } from '../export/spreadsheet-value';
import { describeLoadError } from '../grid/view-errors';
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
 * A REFERENCE id's label when the grid has already loaded it (cells ask for the labels they
 * show): the export never asks for labels itself, which would cost a request per record.
 */
function loadedLabels(queryClient: QueryClient): ReferenceLabeler {
  return (column, id) => {
    const linkedTable = linkedTableOf(column.settings);
    if (linkedTable === null) return null;
    const record = queryClient.getQueryData<RecordRow>(queryKeys.record(linkedTable, id));
    if (!record) return null;
    const table = queryClient.getQueryData<TableDetail>(queryKeys.table(linkedTable));
    return recordLabelOf(record, table?.columns ?? null);
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
      });
      // The view as it was when the walk began: changing sort or filters meanwhile doesn't change the walk.
      const target = { client, tableId, query, signal: controller.signal };
      const callbacks = {
        onRecords: (records: number) =>
          setRunning((current) => (current ? { ...current, records, wait: null } : current)),
        onWait: (wait: WalkWait | null) =>
          setRunning((current) => (current ? { ...current, wait } : current)),
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
                  labelOf: loadedLabels(queryClient),
                  sink,
                  describeError: describeLoadError,
                },
                callbacks,
              ),
            )
            .then(
              ({ outcome, totals: walked }) => {
                if (walked) saveViewTotals(queryClient, tableId, query, walked);
                if (outcome.kind === 'complete') {
                  const { file, records } = outcome;
                  setMessage({
                    tone: 'done',
                    text: (t) =>
                      file.via === 'download'
                        ? t('records.export.doneDownloaded', {
                            count: records,
                            file: file.fileName,
                          })
                        : t('records.export.done', { count: records, file: file.fileName }),
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
                      return file.via === 'download'
                        ? t('records.export.stoppedDownloaded', values)
                        : t('records.export.stopped', values);
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
    [begin, walker, columns, visibleColumns, tableName, queryClient, tableId, query],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const dismissMessage = useCallback(() => setMessage(null), []);

  return { totals, running, message, dismissMessage, count, exportView, cancel };
}
