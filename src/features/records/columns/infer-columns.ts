import type { Column, ColumnType, RecordRow } from '../../../lib/api/types';

// Dates the service writes (ISO 8601), with or without a time; other strings stay text.
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDateString(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

function isFileLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'name' in value && 'url' in value;
}

/** The column type a single value suggests; null when it gives no clue (null, empty array). */
export function guessTypeOfValue(value: unknown): ColumnType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return 'NUMBER';
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (typeof value === 'string') return isIsoDateString(value) ? 'DATETIME' : 'TEXT';
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    if (value.every((item) => typeof item === 'string')) return 'MULTISELECT';
    if (value.every(isFileLike)) return 'FILE';
    return 'FORMULA';
  }
  return 'FORMULA';
}

function mergeTypes(a: ColumnType, b: ColumnType): ColumnType {
  if (a === b) return a;
  const structured: ColumnType[] = ['MULTISELECT', 'FILE', 'FORMULA'];
  // Mixed shapes: anything involving arrays/objects is shown as JSON, the rest as text.
  if (structured.includes(a) || structured.includes(b)) return 'FORMULA';
  return 'TEXT';
}

/**
 * Columns for a service that does not describe them (CONTRACT §10): every field name seen
 * in the loaded records, in first-seen order, typed from the values seen so far.
 */
export function inferColumns(rows: readonly RecordRow[]): Column[] {
  const types = new Map<string, ColumnType | null>();
  for (const row of rows) {
    for (const [name, value] of Object.entries(row.fields)) {
      const guessed = guessTypeOfValue(value);
      const known = types.get(name) ?? null;
      if (!types.has(name)) types.set(name, guessed);
      else if (guessed !== null)
        types.set(name, known === null ? guessed : mergeTypes(known, guessed));
    }
  }
  return [...types.entries()].map(([name, type], orderIndex) => ({
    id: name,
    name,
    description: null,
    type: type ?? 'UNKNOWN',
    settings: null,
    orderIndex,
    required: false,
    isPrimary: false,
    inferred: true,
  }));
}

/** Described columns in the service's order. */
export function orderColumns(columns: readonly Column[]): Column[] {
  return [...columns].sort((a, b) => a.orderIndex - b.orderIndex);
}
