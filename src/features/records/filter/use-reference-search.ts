import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isPagingError, type PagingProblem } from '../../../lib/api/paging-guard';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, Column, RecordRow } from '../../../lib/api/types';
import { walkPages } from '../../../lib/api/walk-pages';
import { labelColumnOf } from '../../../lib/record-label';
import { linkedTableQuery } from '../../../lib/use-record-label';
import { useSettledText } from '../../../lib/use-settled-text';
import { isNumericType } from '../columns/column-kinds';
import { type SearchResult, searchRecords } from './reference-search';

/** The records endpoint's largest page (100 by default, 500 at most). */
export const SCAN_PAGE_SIZE = 500;
/**
 * Pages scanned for names that contain what was typed: 2,000 records answer at once for
 * most linked tables (customers, products) and cost four requests, asked once per table
 * while the search is open. Past that, only an exact name is found.
 */
export const SCAN_PAGES = 4;
/** Names change rarely; one scan serves every search of the table for this long. */
const SCAN_STALE_MS = 5 * 60_000;
const EXACT_MATCHES = 20;
/** The exact lookup waits for a pause in typing: one request per name, not per keystroke. */
export const EXACT_LOOKUP_DELAY_MS = 300;

export interface ScannedRecords {
  records: RecordRow[];
  /** True when the scan reached the table's end: a miss means no such record. */
  complete: boolean;
  /** Why the scan stopped early when the service's paging went wrong (a loop, a repeat). */
  problem: PagingProblem | null;
}

class ScanBudgetSpent extends Error {}

/**
 * The first SCAN_PAGES pages of a table, through the app's walker (retries, and a loop or
 * duplicate in the service's paging ends the scan with the records before it).
 */
export async function scanLinkedTable(
  client: ApiClient,
  tableId: string,
  signal: AbortSignal,
): Promise<ScannedRecords> {
  const records: RecordRow[] = [];
  let complete = false;
  let problem: PagingProblem | null = null;
  try {
    await walkPages<RecordRow>({
      fetchPage: (request) => client.listRecords(tableId, { sort: null, filters: {} }, request),
      idOf: (record) => record.id,
      pageSize: SCAN_PAGE_SIZE,
      signal,
      onPage: (page) => {
        records.push(...page.items);
        if (page.nextCursor === null) complete = true;
        else if (page.index + 1 >= SCAN_PAGES) throw new ScanBudgetSpent();
      },
    });
  } catch (error) {
    if (isPagingError(error)) problem = error.problem;
    else if (!(error instanceof ScanBudgetSpent)) throw error;
  }
  return { records, complete, problem };
}

/** Whether `text` could be a value of `column` the service's equality filter reads. */
function fitsColumn(text: string, column: Column): boolean {
  if (isNumericType(column.type)) return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text);
  return column.type !== 'UNKNOWN' && column.type !== 'REFERENCE';
}

export interface ReferenceSearch extends SearchResult {
  /** The linked table's name ("Customers"), once known. */
  tableName: string | null;
  labelColumn: Column | null;
  columns: Column[] | null;
  /** True while the scan (or, past it, the exact lookup) has not answered. */
  isSearching: boolean;
  /** Records scanned, and whether that was all of them; null before the scan answers. */
  scanned: { count: number; complete: boolean; problem: PagingProblem | null } | null;
  /** Why the linked table can't be searched (no access, gone); null when it can. */
  error: unknown;
}

/**
 * The REFERENCE filter's search of a linked table. The API has equality filters only, so
 * "contains" is answered from a bounded scan of the table (cached per table), and a name
 * typed in full is also asked of the service exactly (`filter[<primary>]=<text>`) when the
 * scan did not reach the table's end. Nothing is asked until `enabled` (the input is used).
 */
export function useReferenceSearch(
  tableId: string,
  typed: string,
  enabled: boolean,
): ReferenceSearch {
  const client = useApiClient();
  const table = useQuery({ ...linkedTableQuery(client, tableId), enabled });
  const scan = useQuery({
    queryKey: queryKeys.referenceSearchScan(tableId),
    queryFn: ({ signal }) => scanLinkedTable(client, tableId, signal),
    enabled,
    staleTime: SCAN_STALE_MS,
    // Four pages again because the window regained focus cost more than a name changed.
    refetchOnWindowFocus: false,
  });
  const columns = table.data?.columns ?? null;
  const labelColumn = columns ? labelColumnOf(columns) : null;
  const text = useSettledText(typed.trim(), EXACT_LOOKUP_DELAY_MS);
  const askExactly =
    enabled &&
    scan.data !== undefined &&
    !scan.data.complete &&
    labelColumn !== null &&
    text !== '' &&
    fitsColumn(text, labelColumn);
  const exact = useQuery({
    queryKey: queryKeys.referenceSearchExact(tableId, labelColumn?.name ?? '', text),
    queryFn: ({ signal }) =>
      client.listRecords(
        tableId,
        { sort: null, filters: { [labelColumn?.name ?? '']: text } },
        { limit: EXACT_MATCHES, signal },
      ),
    enabled: askExactly,
    staleTime: SCAN_STALE_MS,
    refetchOnWindowFocus: false,
  });

  const scannedRecords = scan.data?.records;
  const exactRecords = askExactly ? exact.data?.items : undefined;
  const result = useMemo(
    () => searchRecords(typed, scannedRecords ?? [], columns, exactRecords ?? []),
    [typed, scannedRecords, columns, exactRecords],
  );
  return {
    ...result,
    tableName: table.data?.name ?? null,
    labelColumn,
    columns,
    isSearching:
      enabled &&
      (scan.isPending ||
        (askExactly && exact.isPending) ||
        (scan.data?.complete === false && text !== typed.trim())),
    scanned: scan.data
      ? {
          count: scan.data.records.length,
          complete: scan.data.complete,
          problem: scan.data.problem,
        }
      : null,
    // A refused exact lookup (a text the column can't hold) only means no exact match; a
    // table without a description is searched by its records' first text value.
    error: scan.error,
  };
}
