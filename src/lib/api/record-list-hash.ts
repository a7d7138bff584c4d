import type { RecordQuery } from './types';

/**
 * `hashKey(queryKeys.recordList(tableId, query))`: the key a records view's place is kept
 * under (docs/decisions/017), computed without TanStack Query or the other query keys, for
 * the start-up script (src/app/start-up.ts), which checks for a kept place before the
 * app's code is in and must stay small (docs/decisions/026). hashKey is JSON with each
 * object's keys sorted; the view is the key's only object. record-list-hash.test.ts checks
 * that the two agree, so a change to either key fails there.
 */
export function recordListHash(tableId: string, query: RecordQuery): string {
  return JSON.stringify([
    'workspace',
    'records',
    tableId,
    {
      filters: Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      sort: query.sort ? `${query.sort.column}:${query.sort.direction}` : null,
      view: query.view ?? null,
    },
  ]);
}
