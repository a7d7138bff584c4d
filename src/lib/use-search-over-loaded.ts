import type { InfiniteData } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { checkedListOf } from './api/guarded-list';
import type { Page } from './api/types';

/**
 * A search box over what a paged list has loaded so far (tables in the sidebar, skills):
 * the service has no search, so this narrows the loaded items, case-insensitively, by the
 * texts `searchableTextsOf` gives (pass a module-level function so the filter stays memoized).
 * Typing stays responsive on long lists because the filter runs on a deferred value.
 */
export function useSearchOverLoaded<T extends { id: string }>(
  data: InfiniteData<Page<T>, unknown> | undefined,
  searchableTextsOf: (item: T) => ReadonlyArray<string | null>,
) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // Each item once, as far as the paging guard let the list go (./api/guarded-list.ts).
  const loaded = useMemo(() => checkedListOf(data).items, [data]);
  const visible = useMemo(() => {
    const needle = deferredSearch.trim().toLocaleLowerCase();
    if (needle === '') return loaded;
    return loaded.filter((item) =>
      searchableTextsOf(item).some((text) => (text ?? '').toLocaleLowerCase().includes(needle)),
    );
  }, [loaded, deferredSearch, searchableTextsOf]);
  /** `appliedSearch`: the text `visible` was filtered by, for "nothing matches …" messages. */
  return { search, setSearch, appliedSearch: deferredSearch.trim(), loaded, visible };
}
