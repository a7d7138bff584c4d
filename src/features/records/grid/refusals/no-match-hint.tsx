import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys } from '../../../../lib/api/query-keys';
import type { Column, RecordQuery, RecordRow } from '../../../../lib/api/types';
import { useT } from '../../../../lib/i18n/i18n-react';
import { selectOptionsOf } from '../../columns/column-kinds';
import { filterableTextsOf, nearMiss } from './near-miss';

/** Enough loaded rows to know a column's common values, few enough to stay instant. */
const MAX_ROWS_SCANNED = 5_000;

export interface NearMissSuggestion {
  column: string;
  value: string;
  suggestion: string;
}

function isRecordPages(data: unknown): data is { pages: { items: RecordRow[] }[] } {
  return (
    typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages)
  );
}

/** The first filter of `query` with a likely intended value among options and loaded values. */
export function nearMissSuggestion(
  query: RecordQuery,
  columns: readonly Column[],
  loadedRows: readonly RecordRow[],
): NearMissSuggestion | null {
  for (const [name, value] of Object.entries(query.filters)) {
    const column = columns.find((c) => c.name === name);
    const candidates = new Set<string>();
    if (column) for (const option of selectOptionsOf(column) ?? []) candidates.add(option.value);
    for (const row of loadedRows) {
      for (const text of filterableTextsOf(row.fields[name])) candidates.add(text);
    }
    const suggestion = nearMiss(value, candidates);
    if (suggestion !== null) return { column: name, value, suggestion };
  }
  return null;
}

/** Rows of this table's views already in the cache (other sorts and filters), newest query first. */
function useLoadedRows(tableId: string): RecordRow[] {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const rows: RecordRow[] = [];
    for (const [, data] of queryClient.getQueriesData({ queryKey: queryKeys.records(tableId) })) {
      if (!isRecordPages(data)) continue;
      for (const page of data.pages) {
        for (const row of page.items) {
          if (rows.length >= MAX_ROWS_SCANNED) return rows;
          rows.push(row);
        }
      }
    }
    return rows;
  }, [queryClient, tableId]);
}

/**
 * Under "No records match": "No orders where tags is "Gift". Did you mean "gift"?", the
 * suggestion one click away (the service's filters are exact, so case and typos miss).
 */
export function NoMatchHint({
  tableId,
  tableName,
  query,
  columns,
  onApply,
}: {
  tableId: string;
  tableName: string;
  query: RecordQuery;
  columns: readonly Column[];
  onApply: (column: string, value: string) => void;
}) {
  const t = useT();
  const loadedRows = useLoadedRows(tableId);
  const hint = useMemo(
    () => nearMissSuggestion(query, columns, loadedRows),
    [query, columns, loadedRows],
  );
  if (!hint) return null;
  const type = columns.find((c) => c.name === hint.column)?.type;
  const includes = type === 'MULTISELECT' || type === 'REFERENCE';
  return (
    <p className="mt-1">
      <span dir="auto">
        {t(includes ? 'records.noMatch.whereIncludes' : 'records.noMatch.whereIs', {
          records: tableName.toLocaleLowerCase(),
          column: hint.column,
          value: hint.value,
        })}
      </span>{' '}
      <button
        type="button"
        onClick={() => onApply(hint.column, hint.suggestion)}
        className="rounded px-1 font-medium text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 dark:hover:text-blue-100"
      >
        {t('records.noMatch.didYouMean', { suggestion: hint.suggestion })}
      </button>
    </p>
  );
}
