/**
 * The one guard for every paged list the screens show (tables, skills, tasks, pages,
 * projects): TanStack's infinite query asks `getNextPageParam` whether there is a next page, and here that answer checks what the
 * service sent so far. A next cursor already used (or the one that fetched the page), an
 * item already seen (on an earlier page or earlier in the same page), or more than
 * MAX_EMPTY_PAGES_IN_A_ROW empty pages that still point further, end the list: no next
 * page, so no sentinel, effect or refetch can ask again. `checkedListOf` gives the screen
 * the same verdict: every item once (the first time it came) and the problem, to say.
 * Walks that read a whole list in one go (Count, Export, Jump to end, Go to's lists) use
 * ./walk-pages.ts, which applies the same three rules.
 */
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { MAX_EMPTY_PAGES_IN_A_ROW, type PagingProblem } from './paging-guard';
import type { Page } from './types';

export interface CheckedList<T> {
  /** Each item once, in the order they came, from the pages up to where paging ended. */
  items: T[];
  /** Why paging ended early, or null (the list ended, or goes on). */
  problem: PagingProblem | null;
  /** The cursor of the next page to ask for; null when there is none to ask for. */
  nextCursor: string | null;
}

interface Identified {
  id: string;
}

const EMPTY: CheckedList<never> = Object.freeze({
  items: [] as never[],
  problem: null,
  nextCursor: null,
}) as CheckedList<never>;

/**
 * Pages arrays are replaced, never changed, when a page arrives, and TanStack asks for
 * the next page param on every render of every observer: one check per pages array.
 */
const checked = new WeakMap<readonly unknown[], CheckedList<unknown>>();

/**
 * Checks a list's pages in order; `pageParams[i]` is the cursor that fetched `pages[i]`
 * (null for the first). Pure, and the same pages always give the same answer.
 */
export function checkListPages<T extends Identified>(
  pages: readonly Page<T>[],
  pageParams: readonly unknown[],
): CheckedList<T> {
  const known = checked.get(pages);
  if (known) return known as CheckedList<T>;
  const result = check(pages, pageParams);
  checked.set(pages, result);
  return result;
}

function check<T extends Identified>(
  pages: readonly Page<T>[],
  pageParams: readonly unknown[],
): CheckedList<T> {
  const seen = new Set<string>();
  const usedCursors = new Set<string>();
  const items: T[] = [];
  let emptyInARow = 0;
  const stop = (problem: PagingProblem | null): CheckedList<T> => ({
    items,
    problem,
    nextCursor: null,
  });
  for (let pageIndex = 0; pageIndex < pages.length; pageIndex += 1) {
    const page = pages[pageIndex] as Page<T>;
    const cursor = pageParams[pageIndex];
    if (typeof cursor === 'string') usedCursors.add(cursor);
    let repeatedId: string | null = null;
    for (const item of page.items) {
      if (seen.has(item.id)) {
        repeatedId ??= item.id;
        continue;
      }
      seen.add(item.id);
      items.push(item);
    }
    // The page's new items stay (each the first time it came); the list ends here.
    if (repeatedId !== null) return stop({ kind: 'duplicate_id', pageIndex, recordId: repeatedId });
    const next = page.nextCursor;
    if (next === null) return stop(null);
    if (next === cursor || usedCursors.has(next)) {
      return stop({ kind: 'repeated_cursor', pageIndex, recordId: null });
    }
    emptyInARow = page.items.length === 0 ? emptyInARow + 1 : 0;
    if (emptyInARow > MAX_EMPTY_PAGES_IN_A_ROW) {
      return stop({ kind: 'no_progress', pageIndex, recordId: null });
    }
  }
  const last = pages.at(-1);
  return { items, problem: null, nextCursor: last ? last.nextCursor : null };
}

/** The checked list of a query's data: what a screen shows and says. */
export function checkedListOf<T extends Identified>(
  data: InfiniteData<Page<T>, unknown> | undefined,
): CheckedList<T> {
  if (data === undefined) return EMPTY as CheckedList<T>;
  return checkListPages(data.pages, data.pageParams);
}

export interface ListPageRequest {
  /** Null for the first page. */
  cursor: string | null;
  signal: AbortSignal;
}

/**
 * Infinite query options for one paged list, guarded: the next page is asked for only
 * while the pages so far pass checkListPages. Every list on screen is built with this.
 */
export function guardedListOptions<T extends Identified, TKey extends QueryKey>(options: {
  queryKey: TKey;
  fetchPage: (request: ListPageRequest) => Promise<Page<T>>;
}) {
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.fetchPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (_lastPage: Page<T>, allPages: Page<T>[], _lastParam, allPageParams) =>
      checkListPages(allPages, allPageParams).nextCursor,
  });
}
