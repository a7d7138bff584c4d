import type { Column, ColumnType, RecordQuery, RecordSort } from '../../../lib/api/types';
import { isNumericType, isTextLikeType } from '../columns/column-kinds';

const SYSTEM_DATE_COLUMNS: Record<string, string> = {
  created_at: 'date created',
  updated_at: 'date updated',
};

function typeOf(columns: readonly Column[], name: string): ColumnType {
  if (name in SYSTEM_DATE_COLUMNS) return 'DATETIME';
  return columns.find((column) => column.name === name)?.type ?? 'UNKNOWN';
}

/** "highest first", "newest first", "A→Z": the order in words that fit the column's type. */
export function sortDirectionWords(type: ColumnType, direction: RecordSort['direction']): string {
  const ascending = direction === 'asc';
  if (isNumericType(type)) return ascending ? 'lowest first' : 'highest first';
  if (type === 'DATETIME') return ascending ? 'oldest first' : 'newest first';
  if (type === 'BOOLEAN') return ascending ? 'false first' : 'true first';
  if (isTextLikeType(type)) return ascending ? 'A→Z' : 'Z→A';
  return ascending ? 'ascending' : 'descending';
}

function isListColumn(columns: readonly Column[], name: string): boolean {
  const column = columns.find((candidate) => candidate.name === name);
  return column?.type === 'MULTISELECT' || column?.settings?.multiple === true;
}

function filterWords(
  name: string,
  value: string,
  type: ColumnType,
  isList: boolean,
  label: string | undefined,
): string {
  if (value === '') return `${name} is empty`;
  if (type === 'BOOLEAN') return `${name} is ${value.toLowerCase()}`;
  // A record is named, never shown as its bare id; one record "is", a list "includes" it.
  if (type === 'REFERENCE' && label !== undefined) {
    return `${name} ${isList ? 'includes' : 'is'} ${label}`;
  }
  if (type === 'MULTISELECT' || type === 'REFERENCE') return `${name} includes ${value}`;
  if (type === 'DATETIME' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${name} is on ${value}`;
  return `${name} is ${value}`;
}

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The view in a sentence a non-developer can read back: "Orders where status is paid and
 * paid is true, sorted by amount, highest first". `recordLabels` names the records that
 * REFERENCE filters point at, by column ("customer is Ada Lovelace").
 */
export function summarizeView(
  tableName: string,
  query: RecordQuery,
  columns: readonly Column[],
  recordLabels: Readonly<Record<string, string>> = {},
): string {
  const filters = Object.entries(query.filters).map(([name, value]) =>
    filterWords(
      name,
      value,
      typeOf(columns, name),
      isListColumn(columns, name),
      recordLabels[name],
    ),
  );
  let sentence = tableName;
  if (filters.length > 0) sentence += ` where ${joinAnd(filters)}`;
  if (query.sort) {
    const { column, direction } = query.sort;
    const label = SYSTEM_DATE_COLUMNS[column] ?? column;
    sentence += `, sorted by ${label}, ${sortDirectionWords(typeOf(columns, column), direction)}`;
  } else {
    sentence += ', in the order they were added';
  }
  return sentence;
}
