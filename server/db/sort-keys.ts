import type { ColumnDefinition } from './column-types';
import { isArrayValued } from './column-types';

/**
 * The value stored in a column's typed SQL slot, which both sorts and filters.
 *
 * Text keys are `lowercase + U+0000 + exact`: SQLite's binary collation then orders by
 * the case-folded text first and the exact text second (§4) with one plain index, and an
 * equality on the key is an exact-text equality. Null stays SQL NULL; the query layer
 * pages through the nulls separately so they come last in both directions.
 */
export type SortKey = string | number | null;

export function textKey(text: string): string {
  return `${text.toLowerCase()}\u0000${text}`;
}

export function sortKeyOf(
  column: Pick<ColumnDefinition, 'type' | 'settings'>,
  value: unknown,
): SortKey {
  if (value === null || value === undefined) return null;
  if (isArrayValued(column)) {
    if (!Array.isArray(value)) return null;
    return textKey(value.map((item) => arrayItemText(item)).join(', '));
  }
  switch (column.type) {
    case 'NUMBER':
    case 'SERIAL':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? (value ? 1 : 0) : null;
    case 'DATETIME': {
      if (typeof value !== 'string') return null;
      const instant = Date.parse(value);
      return Number.isNaN(instant) ? null : instant;
    }
    case 'FORMULA':
    case 'AI':
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      return textKey(typeof value === 'string' ? value : JSON.stringify(value));
    default:
      return typeof value === 'string' ? textKey(value) : textKey(JSON.stringify(value));
  }
}

/** The texts an array-valued cell contains, for the containment side table. */
export function containedValuesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => arrayItemText(item));
}

function arrayItemText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (item !== null && typeof item === 'object' && 'name' in item) {
    const name = (item as { name: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return JSON.stringify(item);
}
