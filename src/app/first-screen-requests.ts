import { hashKey, type QueryClient } from '@tanstack/react-query';
import { recordQueries, tableQueries } from '../features/records/api/record-queries';
import { parseViewUrlState } from '../features/records/grid/use-table-url-state';
import { resolveView } from '../features/records/views/view-state';
import { skillQueries } from '../features/skills/api/skill-queries';
import { queryKeys } from '../lib/api/query-keys';
import type { ApiClient } from '../lib/api/types';
import type { WorkspaceViewMemory } from '../lib/view-memory/workspace-view-memory';

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The requests the page at `hash` makes first (a table's description and first page of
 * records, a skill), started into the workspace's cache from main.tsx before React has
 * rendered anything: the page finds them in flight or answered, under the same query keys,
 * and asks nothing twice. Before, they left only once config.json, the layout and the
 * page's code were in and rendered: several round trips later on a slow connection.
 * A hash this does not recognise, or reads differently from the page, costs at most a
 * request the page does not use. A view whose place was kept (docs/decisions/017) is left
 * to the grid: it starts at the kept page, not the first.
 */
export function startFirstScreenRequests(
  hash: string,
  queryClient: QueryClient,
  client: ApiClient,
  viewMemory: WorkspaceViewMemory | null = null,
): void {
  const inHash = hash.replace(/^#/, '');
  const queryStart = inHash.indexOf('?');
  const path = queryStart === -1 ? inHash : inHash.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? '' : inHash.slice(queryStart + 1));

  // `/tables/:tableId`, also with a record's panel open (`/tables/:tableId/records/:id`).
  const table = /^\/tables\/([^/]+)(?:\/records\/[^/]+\/?)?\/?$/.exec(path);
  const tableId = table?.[1] ? decodedSegment(table[1]) : null;
  if (tableId) {
    void queryClient.prefetchQuery(tableQueries.detail(client, tableId));
    // What the grid asks for before the table's description is in (use-table-url-state.ts).
    const { requestQuery } = resolveView(parseViewUrlState(params), null);
    const viewKey = hashKey(queryKeys.recordList(tableId, requestQuery));
    const placeKept =
      viewMemory !== null &&
      ((viewMemory.readPlace(viewKey) ?? null) !== null || viewMemory.readSaved(viewKey) !== null);
    if (!placeKept) {
      void queryClient.prefetchInfiniteQuery(recordQueries.list(client, tableId, requestQuery));
    }
    return;
  }
  const skill = /^\/skills\/([^/]+)\/?$/.exec(path);
  const skillId = skill?.[1] ? decodedSegment(skill[1]) : null;
  if (skillId) void queryClient.prefetchQuery(skillQueries.detail(client, skillId));
}
