import type { Column, RecordRow } from '../../../lib/api/types';
import { t } from '../../../lib/i18n/i18n';

/**
 * A value as text for the clipboard: what a person pastes into a message or a
 * spreadsheet. Numbers stay raw (no grouping or currency, so a spreadsheet reads them),
 * list items are joined with ", ", anything else structured is JSON.
 */
export function clipboardTextOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.join(', ');
  return JSON.stringify(value);
}

/** One field for a tab-separated line: quoted (quotes doubled) when it holds a tab, newline or quote. */
function tsvField(text: string): string {
  return /[\t\r\n"]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The names a copied row carries, in the panel's order: id, the columns, then fields no column describes. */
function fieldNamesOf(record: RecordRow, columns: readonly Column[]): string[] {
  const names = columns.map((column) => column.name);
  for (const name of Object.keys(record.fields)) if (!names.includes(name)) names.push(name);
  return names;
}

/** The row as two tab-separated lines (names, then values): pastes as a row into a spreadsheet. */
export function recordAsTsv(record: RecordRow, columns: readonly Column[]): string {
  const names = fieldNamesOf(record, columns);
  const header = ['id', ...names].map(tsvField).join('\t');
  const values = [record.id, ...names.map((name) => clipboardTextOf(record.fields[name]))]
    .map(tsvField)
    .join('\t');
  return `${header}\n${values}`;
}

/** The row as JSON, as the service sends a record. */
export function recordAsJson(record: RecordRow): string {
  return JSON.stringify(record, null, 2);
}

/** Writes `text` to the clipboard; false when the browser did not allow it. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `text` (a field's value) to the clipboard; the sentence to announce either way,
 * in the language on screen, naming the field's `column` when given.
 */
export async function copyText(text: string, column?: string): Promise<string> {
  if (!(await writeClipboard(text))) return t('records.panel.copyFailed');
  return column ? t('records.panel.copiedField', { column }) : t('records.panel.copied');
}
