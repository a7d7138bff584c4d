import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isNumericType } from '../../features/records/columns/column-kinds';
import { tableQueries } from '../../features/tables/api/table-queries';
import { useApiClient } from '../../lib/api/api-client-context';
import { queryKeys } from '../../lib/api/query-keys';
import type { Column } from '../../lib/api/types';
import { recordLabelOf } from '../../lib/record-label';
import { useSettledText } from '../../lib/use-settled-text';
import type { PaletteItem } from './palette-search';
import { recordLookupsOf } from './record-lookup';

/** Typing pauses this long before a record is asked for: one request per settled word, not per key. */
export const LOOKUP_SETTLE_MS = 250;
/** Records shown per table: the primary field is usually unique; a few if it is not. */
const LOOKUP_LIMIT = 5;

/** The column the service filters on for "Orders 858": the primary one, or null. */
function primaryColumnOf(columns: readonly Column[] | null | undefined): Column | null {
  return columns?.find((column) => column.isPrimary) ?? null;
}

/** A value the column can hold; anything else would only earn a 400 (so it isn't asked). */
function fitsColumn(value: string, column: Column): boolean {
  if (isNumericType(column.type)) return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value);
  return column.type !== 'UNKNOWN' && column.type !== 'REFERENCE';
}

/**
 * "Orders 858": records whose primary field equals what follows a table's name, looked up
 * with the service's own exact filter once typing settles. A value the service refuses
 * (a 400), a table this key can't read, or no such record, all give no result: nothing to
 * say beyond the other matches.
 */
export function useRecordLookup(
  tables: readonly PaletteItem[],
  text: string,
): { items: PaletteItem[]; searching: boolean } {
  const client = useApiClient();
  const settled = useSettledText(text, LOOKUP_SETTLE_MS);
  const lookups = useMemo(() => recordLookupsOf(tables, settled), [tables, settled]);
  const details = useQueries({
    queries: lookups.map((lookup) => ({
      ...tableQueries.detail(client, lookup.tableId),
      retry: false,
    })),
  });
  const asks = lookups.flatMap((lookup, index) => {
    const columns = details[index]?.data?.columns;
    const column = primaryColumnOf(columns);
    if (!column || !fitsColumn(lookup.value, column)) return [];
    return [{ lookup, column, columns: columns ?? null }];
  });
  const found = useQueries({
    queries: asks.map(({ lookup, column }) => ({
      queryKey: queryKeys.gotoRecordLookup(lookup.tableId, column.name, lookup.value),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.listRecords(
          lookup.tableId,
          { sort: null, filters: { [column.name]: lookup.value } },
          { limit: LOOKUP_LIMIT, signal },
        ),
      retry: false,
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    })),
  });
  const items = asks.flatMap(({ lookup, columns }, index) =>
    (found[index]?.data?.items ?? []).map(
      (record): PaletteItem => ({
        ref: { kind: 'record', tableId: lookup.tableId, id: record.id },
        label: `${lookup.tableLabel} · ${recordLabelOf(record, columns) ?? lookup.value}`,
      }),
    ),
  );
  const searching =
    settled !== text ||
    details.some((detail) => detail.isPending) ||
    found.some((result) => result.isPending);
  return { items, searching: lookups.length > 0 && searching };
}
