import type { Column, RecordRow } from './api/types';
import { formatNumber } from './i18n/formats';
import { labelColumnOf, shortIdOf } from './record-label';

/**
 * Two linked records shown together under the same label ("Léa Okafor", twice) are told
 * apart by their table's next most telling field: an email, a user name, a city, …, not an
 * id (decision 045). The order below is by what a person recognises a record by; among the
 * columns that tell the records at hand apart, the one with the most distinct values wins,
 * the earlier in this order on a tie.
 */
const TIERS: readonly ((column: Column) => boolean)[] = [
  (column) => column.type === 'EMAIL' || /e-?mail/i.test(column.name),
  (column) => /user.?name|login|handle|nick/i.test(column.name),
  (column) => /city|town|location|address|place/i.test(column.name),
  (column) => /company|organi[sz]ation|employer|team|department/i.test(column.name),
  (column) => column.type === 'PHONE' || /phone|mobile/i.test(column.name),
  (column) => /code|sku|reference|ref$/i.test(column.name),
  (column) => column.type === 'TEXT' || column.type === 'URL',
  (column) => column.type === 'SELECT',
  (column) => column.type === 'SERIAL' || column.type === 'NUMBER',
  (column) => column.type === 'DATETIME',
];

/** Kinds that never tell records apart at a glance: long, structured or computed values. */
const NEVER = new Set<Column['type']>([
  'LONGTEXT',
  'FILE',
  'REFERENCE',
  'FORMULA',
  'AI',
  'BOOLEAN',
  'MULTISELECT',
]);

function tierOf(column: Column): number {
  const tier = TIERS.findIndex((matches) => matches(column));
  return tier === -1 ? TIERS.length : tier;
}

/** The columns that may tell records apart, most telling first (the label column excluded). */
export function tellingCandidatesOf(columns: readonly Column[]): Column[] {
  const labelColumn = labelColumnOf(columns);
  return columns
    .filter((column) => column !== labelColumn && !NEVER.has(column.type))
    .map((column, index) => ({ column, index, tier: tierOf(column) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ column }) => column);
}

/** A field as a short line of text (numbers in the language on screen); null when empty. */
export function tellingTextOf(record: RecordRow, column: Column): string | null {
  const value = record.fields[column.name];
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(value);
  return null;
}

/**
 * The column that best tells these records apart: the one with the most distinct values
 * among them (at least two), the most telling kind first on a tie; null when none differs.
 */
export function tellingColumnFor(
  records: readonly RecordRow[],
  columns: readonly Column[],
): Column | null {
  let best: Column | null = null;
  let bestDistinct = 1;
  for (const column of tellingCandidatesOf(columns)) {
    const values = new Set<string>();
    for (const record of records) {
      const text = tellingTextOf(record, column);
      if (text !== null) values.add(text);
    }
    if (values.size > bestDistinct) {
      best = column;
      bestDistinct = values.size;
      if (bestDistinct === records.length) break;
    }
  }
  return best;
}

/**
 * The second line for each of `records` that shares its label with another: the telling
 * field's value, or (only when no field tells them apart) the start of the id.
 */
export function tellingLinesOf(
  records: readonly { record: RecordRow; label: string }[],
  columns: readonly Column[] | null,
): Map<string, string> {
  const byLabel = new Map<string, RecordRow[]>();
  for (const { record, label } of records) {
    const group = byLabel.get(label);
    if (group) {
      if (!group.some((other) => other.id === record.id)) group.push(record);
    } else byLabel.set(label, [record]);
  }
  const lines = new Map<string, string>();
  for (const group of byLabel.values()) {
    if (group.length < 2) continue;
    const column = columns ? tellingColumnFor(group, columns) : null;
    for (const record of group) {
      const text = column ? tellingTextOf(record, column) : null;
      lines.set(record.id, text ?? shortIdOf(record.id));
    }
  }
  return lines;
}
