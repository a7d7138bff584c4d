import { FIRST_PAGE_SIZE } from '../features/records/api/page-sizes';
import { readSavedRows, readViewPlace } from '../features/records/grid/place/view-place';
import {
  parseViewUrlState,
  requestQueryBeforeDescription,
} from '../features/records/views/view-url';
import type { EarlyRequest } from '../lib/api/early-responses';
import { recordListHash } from '../lib/api/record-list-hash';
import type { RecordQuery } from '../lib/api/types';
import type { WorkspaceViewMemory } from '../lib/view-memory/workspace-view-memory';

/**
 * What the page at a URL asks for first, read from the hash alone. Used twice at start-up
 * (docs/decisions/021 and 026): by the start-up script, which sends these requests before
 * the app's code is in, and by the app, which puts them into the workspace's cache under
 * the query keys the pages use. Free of React and of the client's parsing, so the start-up
 * script stays small. A hash read differently from the page costs at most a request the
 * page does not use, never a wrong row.
 */
export interface FirstScreen {
  /** The in-app path (without `/embed` and the query): whose code to fetch. */
  pagePath: string;
  /**
   * `/tables/:tableId`, also with a record's panel open: the view the grid asks for first.
   * `gridShown` false: the address shows a board or a calendar, which read their own requests.
   */
  table: { tableId: string; viewKey: string; requestQuery: RecordQuery; gridShown: boolean } | null;
  /** `/skills/:skillId` */
  skillId: string | null;
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function firstScreenOf(hash: string): FirstScreen {
  const inHash = hash.replace(/^#/, '');
  const queryStart = inHash.indexOf('?');
  const path = queryStart === -1 ? inHash : inHash.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? '' : inHash.slice(queryStart + 1));
  const pagePath = path.replace(/^\/embed(?=\/|$)/, '') || '/';

  const table = /^\/tables\/([^/]+)(?:\/records\/[^/]+\/?)?\/?$/.exec(path);
  const tableId = table?.[1] ? decodedSegment(table[1]) : null;
  const skill = /^\/skills\/([^/]+)\/?$/.exec(path);
  const skillId = skill?.[1] ? decodedSegment(skill[1]) : null;
  if (tableId === null) return { pagePath, table: null, skillId };

  // What the grid asks for before the table's description is in (use-table-url-state.ts).
  const requestQuery = requestQueryBeforeDescription(parseViewUrlState(params));
  const viewKey = recordListHash(tableId, requestQuery);
  // `layout=board|calendar` (features/records/layouts/records-display.ts, not imported: it
  // would bring the calendar's code into the start-up script).
  const gridShown = !['board', 'calendar'].includes(params.get('layout') ?? '');
  return { pagePath, table: { tableId, viewKey, requestQuery, gridShown }, skillId: null };
}

/**
 * The requests of `screen`, as the API client names them. A view whose place was kept
 * (docs/decisions/017) starts at the kept page, not the first: its records are left to the
 * grid, which restores its trail before asking. For `send` (the start-up script, which
 * only sends), a place kept on the first page still asks for it: the grid's own first
 * request is then the same one, and takes the reply.
 */
export function firstRequestsOf(
  screen: FirstScreen,
  viewMemory: Pick<WorkspaceViewMemory, 'readPlace' | 'readSaved'> | null,
  purpose: 'send' | 'cache',
  /**
   * The screen sits beside the tables sidebar (a workspace screen outside the embedded
   * view, whose key may read tables): its first page of tables is asked for too. Asked by
   * the sidebar once it renders, it was the last request before a phone's first paint
   * (decision 041).
   */
  withSidebar = false,
): EarlyRequest[] {
  const own = ownRequestsOf(screen, viewMemory, purpose);
  return withSidebar ? [...own, { kind: 'tables' }] : own;
}

/** Whether a key with these readable scopes (null: not known yet) may list the tables. */
export function readsTables(readableScopes: readonly string[] | null | undefined): boolean {
  return !readableScopes || readableScopes.includes('tables:read');
}

function ownRequestsOf(
  screen: FirstScreen,
  viewMemory: Pick<WorkspaceViewMemory, 'readPlace' | 'readSaved'> | null,
  purpose: 'send' | 'cache',
): EarlyRequest[] {
  if (screen.table) {
    const { tableId, viewKey, requestQuery, gridShown } = screen.table;
    const table: EarlyRequest = { kind: 'table', tableId };
    if (!gridShown) return [table];
    const records: EarlyRequest = {
      kind: 'records',
      tableId,
      query: requestQuery,
      limit: FIRST_PAGE_SIZE,
    };
    if (viewMemory === null) return [table, records];
    const placeEntry = viewMemory.readPlace(viewKey) ?? null;
    const savedEntry = viewMemory.readSaved(viewKey);
    if (placeEntry === null && savedEntry === null) return [table, records];
    if (purpose === 'cache') return [table];
    // What the grid reads (use-keep-place.ts): anything unreadable starts at the top.
    const kept = readViewPlace(placeEntry) ?? readSavedRows(savedEntry?.data);
    return kept === null || kept.top.page === 0 ? [table, records] : [table];
  }
  return screen.skillId === null ? [] : [{ kind: 'skill', skillId: screen.skillId }];
}
