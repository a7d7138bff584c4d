import type { Column, ColumnType, RecordQuery, RecordSort } from '../../../../lib/api/types';
import { formatDate, formatList } from '../../../../lib/i18n/formats';
import { t } from '../../../../lib/i18n/i18n';
import type { MessageKey } from '../../../../lib/i18n/message-keys';
import { isNumericType, isTextLikeType } from '../../columns/column-kinds';

const SYSTEM_DATE_COLUMNS: Record<string, MessageKey> = {
  created_at: 'records.summary.createdAt',
  updated_at: 'records.summary.updatedAt',
};

function typeOf(columns: readonly Column[], name: string): ColumnType {
  if (name in SYSTEM_DATE_COLUMNS) return 'DATETIME';
  return columns.find((column) => column.name === name)?.type ?? 'UNKNOWN';
}

/** "highest first", "newest first", "A→Z": the order in words that fit the column's type. */
export function sortDirectionWords(type: ColumnType, direction: RecordSort['direction']): string {
  const ascending = direction === 'asc';
  if (isNumericType(type))
    return t(ascending ? 'records.summary.lowestFirst' : 'records.summary.highestFirst');
  if (type === 'DATETIME')
    return t(ascending ? 'records.summary.oldestFirst' : 'records.summary.newestFirst');
  if (type === 'BOOLEAN')
    return t(ascending ? 'records.summary.falseFirst' : 'records.summary.trueFirst');
  if (isTextLikeType(type)) return t(ascending ? 'records.summary.aToZ' : 'records.summary.zToA');
  return t(ascending ? 'records.summary.ascending' : 'records.summary.descending');
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
  if (value === '') return t('records.summary.isEmpty', { column: name });
  if (type === 'BOOLEAN') {
    const wanted = value.toLowerCase();
    if (wanted === 'true') return t('records.summary.isTrue', { column: name });
    if (wanted === 'false') return t('records.summary.isFalse', { column: name });
    return t('records.summary.is', { column: name, value: wanted });
  }
  // A record is named, never shown as its bare id; one record "is", a list "includes" it.
  if (type === 'REFERENCE' && label !== undefined) {
    return t(isList ? 'records.summary.includes' : 'records.summary.is', {
      column: name,
      value: label,
    });
  }
  if (type === 'MULTISELECT' || type === 'REFERENCE')
    return t('records.summary.includes', { column: name, value });
  if (type === 'DATETIME' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A calendar day, not an instant: read and shown in UTC, so no time zone moves it.
    const day = Date.parse(`${value}T00:00:00Z`);
    const date = Number.isNaN(day)
      ? value
      : formatDate(day, { dateStyle: 'medium', timeZone: 'UTC' });
    return t('records.summary.isOn', { column: name, date });
  }
  return t('records.summary.is', { column: name, value });
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
  const table = tableName;
  const where = filters.length > 0 ? formatList(filters) : null;
  if (query.sort) {
    const { column, direction } = query.sort;
    const systemLabel = SYSTEM_DATE_COLUMNS[column];
    const sorted = {
      table,
      column: systemLabel ? t(systemLabel) : column,
      direction: sortDirectionWords(typeOf(columns, column), direction),
    };
    return where === null
      ? t('records.summary.sorted', sorted)
      : t('records.summary.where', { ...sorted, filters: where });
  }
  return where === null
    ? t('records.summary.unsorted', { table })
    : t('records.summary.whereUnsorted', { table, filters: where });
}
