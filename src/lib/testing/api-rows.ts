// Tests only: a column and a record as the API client gives them, for any room's tests.
import type { Column, ColumnType, RecordRow } from '../api/types';

/** A column of `type` named `name` (its id `col-<name>`), neither primary nor required. */
export function column(name: string, type: ColumnType, extra: Partial<Column> = {}): Column {
  return {
    id: `col-${name}`,
    name,
    description: null,
    type,
    settings: null,
    orderIndex: 0,
    required: false,
    isPrimary: false,
    inferred: false,
    ...extra,
  };
}

/** A record with these fields (keyed by column name); no timestamps unless given. */
export function record(
  id: string,
  fields: Record<string, unknown>,
  extra: Partial<RecordRow> = {},
): RecordRow {
  return { id, fields, createdAt: null, updatedAt: null, ...extra };
}
