import type { Column, RecordRow } from '../../../../lib/api/types';
import type { ReferenceNames } from '../reference-names';
import { csvRow, UTF8_BOM } from './csv';
import type { ExportFormat } from './export-formats';
import { referenceNamesText, spreadsheetValueOf } from './spreadsheet-value';

export type { ExportFormat };

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
  /**
   * Names for REFERENCE values, read before each page is written (reference-names.ts); null
   * writes ids only. Decision 045.
   */
  names?: ReferenceNames | null;
}

/**
 * The header word after a REFERENCE column's name for its ids column ("customer id"). Not
 * translated: the file is the same in every language, so a script reading it finds the
 * same header whoever exported it (decision 045).
 */
export const ID_COLUMN_SUFFIX = ' id';
/** JSON Lines: the field beside a REFERENCE column holding its names ("customer_label"). */
export const LABEL_FIELD_SUFFIX = '_label';

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
 * per record. With names, a REFERENCE column becomes two: `customer` (the linked records'
 * names) then `customer id` (their ids). A column that shares a name with a system column
 * keeps both; the header simply repeats the name, as the grid shows it.
 */
export function csvWriter({ columns, bom = false, names = null }: WriterOptions): RecordWriter {
  const named = (column: Column) => names !== null && column.type === 'REFERENCE';
  const header = [
    SYSTEM_COLUMNS[0],
    ...columns.flatMap((c) => (named(c) ? [c.name, `${c.name}${ID_COLUMN_SUFFIX}`] : [c.name])),
    ...SYSTEM_COLUMNS.slice(1),
  ];
  return {
    start: () => (bom ? UTF8_BOM : '') + csvRow(header),
    records(rows) {
      let text = '';
      for (const row of rows) {
        const cells: (string | number)[] = [row.id];
        for (const column of columns) {
          const value = row.fields[column.name];
          if (names !== null && column.type === 'REFERENCE') {
            cells.push(referenceNamesText(value, (item) => names.nameOf(column, item)));
          }
          cells.push(spreadsheetValueOf(value, column));
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
 * The `<column>_label` field name for each named REFERENCE column; `_label` is added again
 * while the name is taken by an exported column, so a label never overwrites a value.
 */
function labelFieldsOf(columns: readonly Column[]): Map<Column, string> {
  const taken = new Set(columns.map((column) => column.name));
  const fields = new Map<Column, string>();
  for (const column of columns) {
    if (column.type !== 'REFERENCE') continue;
    let name = `${column.name}${LABEL_FIELD_SUFFIX}`;
    while (taken.has(name)) name += LABEL_FIELD_SUFFIX;
    taken.add(name);
    fields.set(column, name);
  }
  return fields;
}

/**
 * JSON Lines: one record per line, `{ id, fields, created_at, updated_at }` as the service
 * sends it, with `fields` holding the visible columns in order (a column the service left
 * out is null, as the contract reads it). Values stay JSON: no spreadsheet formatting. With
 * names, each REFERENCE column keeps its ids and is followed by `<column>_label`: the name,
 * or for a list the names in the same order; null where a name could not be read.
 */
export function jsonLinesWriter({ columns, names = null }: WriterOptions): RecordWriter {
  const labelFields = names === null ? new Map<Column, string>() : labelFieldsOf(columns);
  return {
    start: () => '',
    records(rows) {
      let text = '';
      for (const row of rows) {
        const fields: Record<string, unknown> = {};
        for (const column of columns) {
          const value = row.fields[column.name] ?? null;
          fields[column.name] = value;
          const labelField = labelFields.get(column);
          if (labelField === undefined || names === null) continue;
          fields[labelField] = Array.isArray(value)
            ? value.map((item) => names.nameOf(column, item))
            : value === null
              ? null
              : names.nameOf(column, value);
        }
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
