import type { Column, RecordRow } from './api/types';
import { formatNumber } from './i18n/formats';
import { labelColumnOf } from './record-label-column';

export { isRecordId, labelColumnOf } from './record-label-column';

const LABEL_LIMIT = 120;

/**
 * What a person calls a record ("Ada Lovelace", "order_no 45,751"), or null when its label
 * column is empty. Without described columns, the record's first non-empty text value.
 */
export function recordLabelOf(record: RecordRow, columns: readonly Column[] | null): string | null {
  const labelColumn = columns ? labelColumnOf(columns) : null;
  const value = labelColumn
    ? record.fields[labelColumn.name]
    : Object.values(record.fields).find(
        (field) => typeof field === 'string' && field.trim() !== '',
      );
  if (typeof value === 'string' && value.trim() !== '') return labelText(value);
  // A bare number says little on its own: "order_no 45,751" (the number in the language on screen).
  if (typeof value === 'number' && Number.isFinite(value) && labelColumn) {
    return `${labelColumn.name} ${formatNumber(value)}`;
  }
  return null;
}

/** A label column's text as a label shows it: cut past LABEL_LIMIT characters. */
export function labelText(value: string): string {
  return value.length > LABEL_LIMIT ? `${value.slice(0, LABEL_LIMIT)}…` : value;
}

/** The first block of a UUID, "8d1aa454…": enough to tell records apart at a glance. */
export function shortIdOf(id: string): string {
  const head = id.split('-')[0] ?? id;
  return head.length < id.length ? `${head}…` : id;
}
