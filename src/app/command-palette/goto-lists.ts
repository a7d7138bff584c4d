/**
 * Go to's lists: every page of tables, skills, tasks, pages and projects, walked in the
 * background once Go to has been opened, each through the paging guard
 * (src/lib/api/walk-pages.ts: retries with backoff on 429 and 5xx, stops at a repeated
 * cursor, a duplicate id or a run of empty pages) and bounded at MAX_ITEMS_PER_KIND. One
 * cache entry per kind in the workspace's own QueryClient, so switching workspaces keeps
 * them apart and forgetting one (or signing out) drops them with its other caches.
 */
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/errors';
import { isPagingError, type PagingProblem } from '../../lib/api/paging-guard';
import { queryKeys } from '../../lib/api/query-keys';
import type { ApiClient, Page, Scope } from '../../lib/api/types';
import { walkPages } from '../../lib/api/walk-pages';
import { type PreparedItem, prepareForSearch } from './goto-match';
import type { PaletteItem } from './palette-search';

export type GotoKind = 'table' | 'skill' | 'task' | 'page' | 'project';

export const GOTO_KINDS: readonly GotoKind[] = ['table', 'skill', 'task', 'page', 'project'];

export const SCOPE_OF: Record<GotoKind, Scope> = {
  table: 'tables:read',
  skill: 'skills:read',
  task: 'tasks:read',
  page: 'pages:read',
  project: 'projects:read',
};

/** Items searched per kind: a workspace past this is told what was not searched. */
export const MAX_ITEMS_PER_KIND = 5_000;

/** The largest page each list allows (docs/api.md), so 5,000 items take 25–50 requests. */
const PAGE_SIZE: Record<GotoKind, number> = {
  table: 100,
  skill: 200,
  task: 200,
  page: 200,
  project: 200,
};

/** A walked list is used as it is for this long; opening Go to after that walks it again. */
export const GOTO_LIST_STALE_MS = 10 * 60_000;

export interface GotoItem extends PaletteItem {
  /**
   * The user and bot ids this item names (a task's assignee, a project's lead): a people
   * directory can turn them into extra search terms (withPeopleTerms).
   */
  personIds?: readonly string[];
}

export interface GotoList {
  /** Each item once, in list order, at most MAX_ITEMS_PER_KIND. */
  items: GotoItem[];
  /** `items` prepared for the matcher as they arrived, in the same order. */
  prepared: PreparedItem<GotoItem>[];
  /** The walk has ended (the list's end, the bound, the guard, or a 403). */
  complete: boolean;
  /** Why the paging guard stopped the walk, or null. */
  problem: PagingProblem | null;
  /** The list goes on past MAX_ITEMS_PER_KIND: the rest is not searched. */
  truncated: boolean;
  /** This key may not read this list (a 403). */
  forbidden: boolean;
}

interface Named {
  id: string;
  name: string;
}

const personIdsOf = (...ids: (string | null)[]): string[] =>
  ids.filter((id): id is string => id !== null && id !== '');

/** One page of `kind`, as Go to's items. */
function fetchGotoPage(
  client: ApiClient,
  kind: GotoKind,
  request: { cursor: string | null; limit: number | undefined; signal: AbortSignal },
): Promise<Page<GotoItem>> {
  const toItems = <T extends Named>(page: Page<T>, personIds?: (item: T) => string[]) => ({
    nextCursor: page.nextCursor,
    items: page.items.map((item): GotoItem => {
      const people = personIds?.(item);
      return {
        ref: { kind, id: item.id } as GotoItem['ref'],
        label: item.name,
        ...(people && people.length > 0 ? { personIds: people } : {}),
      };
    }),
  });
  switch (kind) {
    case 'table':
      return client.listTables(request).then((page) => toItems(page));
    case 'skill':
      return client.listSkills(request).then((page) => toItems(page));
    case 'task':
      return client
        .listTasks({}, request)
        .then((page) =>
          toItems(page, (task) => personIdsOf(task.assigneeUserId, task.assigneeBotId)),
        );
    case 'page':
      return client.listPages(request).then((page) => toItems(page));
    case 'project':
      return client
        .listProjects(request)
        .then((page) => toItems(page, (project) => personIdsOf(project.leadId)));
  }
}

class BoundReached extends Error {}

/**
 * Walks `kind` to its end or its bound. The first walk writes each page into the cache as
 * it arrives (results appear as they come); a later walk keeps the last complete list on
 * screen and replaces it once it ends. Ends without throwing on a 403 (not searchable with
 * this key) and on the paging guard's stop (searched so far, said why); any other failure
 * that outlasted its retries rejects, keeping what was written.
 */
export async function walkGotoList(options: {
  client: ApiClient;
  kind: GotoKind;
  signal: AbortSignal;
  /** Called with the list so far after each page (not after the last). */
  onProgress?: (list: GotoList) => void;
  maxItems?: number;
}): Promise<GotoList> {
  const { client, kind, signal } = options;
  const maxItems = options.maxItems ?? MAX_ITEMS_PER_KIND;
  let items: GotoItem[] = [];
  let prepared: PreparedItem<GotoItem>[] = [];
  const list = (rest: Partial<GotoList>): GotoList => ({
    items,
    prepared,
    complete: true,
    problem: null,
    truncated: false,
    forbidden: false,
    ...rest,
  });
  try {
    await walkPages<GotoItem>({
      fetchPage: (request) => fetchGotoPage(client, kind, request),
      idOf: (item) => item.ref.id,
      pageSize: PAGE_SIZE[kind],
      signal,
      onPage: (page) => {
        const room = maxItems - items.length;
        const kept = page.items.length > room ? page.items.slice(0, room) : page.items;
        items = items.concat(kept);
        // Normalized as they arrive, in the background, so no keystroke pays for it.
        prepared = prepared.concat(prepareForSearch(kept));
        const more = page.nextCursor !== null || page.items.length > room;
        if (more && items.length >= maxItems) throw new BoundReached();
        if (page.nextCursor !== null) options.onProgress?.(list({ complete: false }));
      },
    });
    return list({});
  } catch (error) {
    if (error instanceof BoundReached) return list({ truncated: true });
    if (isPagingError(error)) return list({ problem: error.problem });
    if (isApiError(error) && error.status === 403 && items.length === 0) {
      return list({ forbidden: true });
    }
    throw error;
  }
}

/** The query for Go to's list of `kind` in the open workspace's cache. */
export function gotoListQuery(client: ApiClient, kind: GotoKind) {
  const queryKey = queryKeys.gotoList(kind);
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client: queryClient }) => {
      const first = queryClient.getQueryData<GotoList>(queryKey) === undefined;
      return walkGotoList({
        client,
        kind,
        signal,
        onProgress: first
          ? (list) => {
              if (!signal.aborted) queryClient.setQueryData(queryKey, list);
            }
          : undefined,
      });
    },
    staleTime: GOTO_LIST_STALE_MS,
    // Kept as long again once unused (another workspace open), so coming back answers at once.
    gcTime: GOTO_LIST_STALE_MS,
    // The walk already retried each page; walking the whole list again would be a storm.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

const withTerms = new WeakMap<
  readonly GotoItem[],
  { nameOf: (personId: string) => string | null; named: GotoItem[] }
>();

/**
 * The seam for a people directory: items that name people get those people's names as
 * extra search terms ("Ada" finds the tasks assigned to Ada). Without a directory
 * (`nameOf` absent) the items are returned as they are.
 */
export function withPeopleTerms(
  items: readonly GotoItem[],
  nameOf: ((personId: string) => string | null) | undefined,
): readonly GotoItem[] {
  if (!nameOf) return items;
  const known = withTerms.get(items);
  if (known?.nameOf === nameOf) return known.named;
  const named = items.map((item) => {
    const names = (item.personIds ?? []).flatMap((id) => {
      const name = nameOf(id);
      return name ? [name] : [];
    });
    return names.length === 0 ? item : { ...item, terms: [...(item.terms ?? []), ...names] };
  });
  withTerms.set(items, { nameOf, named });
  return named;
}
