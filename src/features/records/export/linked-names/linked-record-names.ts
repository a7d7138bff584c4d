import type { Column, RecordRow } from '../../../../lib/api/types';
import { labelColumnOf } from '../../../../lib/record-label-column';

/** The linked table a REFERENCE column names (`settings.table_id`), or null. */
export function linkedTableOfColumn(column: Column): string | null {
  const tableId = column.settings?.table_id ?? column.settings?.tableId;
  return typeof tableId === 'string' && tableId !== '' ? tableId : null;
}

/**
 * What an export calls a record: its label column's value in full (no cut, no language:
 * the file is the same in every language), a number as "order_no 45751", else ''.
 */
export function exportLabelOf(record: RecordRow, columns: readonly Column[] | null): string {
  const labelColumn = columns ? labelColumnOf(columns) : null;
  const value = labelColumn
    ? record.fields[labelColumn.name]
    : Object.values(record.fields).find(
        (field) => typeof field === 'string' && field.trim() !== '',
      );
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value) && labelColumn) {
    return `${labelColumn.name} ${value}`;
  }
  return '';
}

/** Cache key: a record id is a UUID, so the table id and it can't run into each other. */
export const nameKeyOf = (tableId: string, id: string) => `${tableId} ${id}`;
