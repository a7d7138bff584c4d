/**
 * One `MediaQueryList` per query, made once: hooks read `.matches` in their
 * `useSyncExternalStore` snapshot on every render, and `matchMedia()` builds (and parses)
 * a new list each call, ~2 % of the records screen's render on every page that arrives.
 * Kept per `matchMedia` function, so a test that stubs it gets lists from its stub.
 */
const lists = new Map<string, MediaQueryList>();
let madeWith: typeof matchMedia | null = null;

/** The query's list, or null where the environment has no `matchMedia`. */
export function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof matchMedia !== 'function') return null;
  if (madeWith !== matchMedia) {
    madeWith = matchMedia;
    lists.clear();
  }
  let list = lists.get(query);
  if (list === undefined) {
    list = matchMedia(query);
    lists.set(query, list);
  }
  return list;
}
