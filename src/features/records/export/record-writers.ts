import type { Column, RecordRow } from '../../../lib/api/types';
import { csvRow, UTF8_BOM } from './csv';
import { type ReferenceLabeler, spreadsheetValueOf } from './spreadsheet-value';

export type ExportFormat = 'csv' | 'jsonl';

export interface ExportFormatInfo {
  /** The format's own name, the same in every language (placed into messages, never one itself). */
  label: string;
  extension: string;
  mimeType: string;
}

export const EXPORT_FORMATS: Record<ExportFormat, ExportFormatInfo> = {
  csv: { label: 'CSV', extension: 'csv', mimeType: 'text/csv' },
  jsonl: { label: 'JSON Lines', extension: 'jsonl', mimeType: 'application/jsonl' },
};

/** How an export that stopped early says so, in the file itself (see decision 011). */
export interface IncompleteNotice {
  recordsWritten: number;
  reason: string;
  /** ISO 8601. */
  stoppedAt: string;
}

/**
 * Turns records into the text of one export file, a page at a time: `start()` once,
 * `records()` per page, then `incomplete()` only when the export stopped early. Pure:
 * the caller decides where the text goes.
 */
export interface RecordWriter {
  start(): string;
  records(rows: readonly RecordRow[]): string;
  incomplete(notice: IncompleteNotice): string;
}

export interface WriterOptions {
  /** The visible columns, in their on-screen order: exactly these are written. */
  columns: readonly Column[];
  /** CSV only: start with a UTF-8 byte order mark for spreadsheet apps. */
  bom?: boolean;
  labelOf?: ReferenceLabeler | null;
}

/**
 * The first line of an incomplete export, in words a person sees when they open the file.
 * Part of the file's contents, not of the screen: the same in every language, so whatever
 * reads the file can find it (decision 011).
 */
export function incompleteText(notice: IncompleteNotice): string {
  const count = notice.recordsWritten.toLocaleString('en');
  return `INCOMPLETE EXPORT: stopped at ${notice.stoppedAt} after ${count} records. ${notice.reason}`;
}

const SYSTEM_COLUMNS = ['id', 'created_at', 'updated_at'] as const;

/**
 * CSV: a header row (`id`, the visible columns, `created_at`, `updated_at`), then one row
 * per record. A column that shares a name with a system column keeps both; the header
 * simply repeats the name, as the grid shows it.
 */
export function csvWriter({ columns, bom = false, labelOf = null }: WriterOptions): RecordWriter {
  const header = [SYSTEM_COLUMNS[0], ...columns.map((c) => c.name), ...SYSTEM_COLUMNS.slice(1)];
  return {
    start: () => (bom ? UTF8_BOM : '') + csvRow(header),
    records(rows) {
      let text = '';
      for (const row of rows) {
        const cells: (string | number)[] = [row.id];
        for (const column of columns) {
          cells.push(spreadsheetValueOf(row.fields[column.name], column, labelOf));
        }
        cells.push(row.createdAt ?? '', row.updatedAt ?? '');
        text += csvRow(cells);
      }
      return text;
    },
    // A row of the same width as the others, so the file still parses; its first cell says why.
    incomplete: (notice) =>
      csvRow([incompleteText(notice), ...new Array<string>(header.length - 1).fill('')]),
  };
}

/**
 * JSON Lines: one record per line, `{ id, fields, created_at, updated_at }` as the service
 * sends it, with `fields` holding the visible columns in order (a column the service left
 * out is null, as the contract reads it). Values stay JSON: no spreadsheet formatting.
 */
export function jsonLinesWriter({ columns }: WriterOptions): RecordWriter {
  return {
    start: () => '',
    records(rows) {
      let text = '';
      for (const row of rows) {
        const fields: Record<string, unknown> = {};
        for (const column of columns) fields[column.name] = row.fields[column.name] ?? null;
        text += `${JSON.stringify({
          id: row.id,
          fields,
          created_at: row.createdAt,
          updated_at: row.updatedAt,
        })}\n`;
      }
      return text;
    },
    // Not a record: it has no `id`, and its one key names what it is.
    incomplete: (notice) =>
      `${JSON.stringify({
        incomplete_export: {
          records_written: notice.recordsWritten,
          stopped_at: notice.stoppedAt,
          reason: notice.reason,
        },
      })}\n`,
  };
}

export function writerFor(format: ExportFormat, options: WriterOptions): RecordWriter {
  return format === 'csv' ? csvWriter(options) : jsonLinesWriter(options);
}
