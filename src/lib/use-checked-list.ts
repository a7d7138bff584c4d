import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CheckedList, checkedListOf } from './api/guarded-list';
import { type ListKind, listStoppedMessage } from './api/paging-guard';
import type { Page } from './api/types';
import { useT } from './i18n/i18n-react';

export interface CheckedListView<T> extends CheckedList<T> {
  /** Why paging stopped early and how many are shown, for the list's footer; else null. */
  stoppedMessage: string | null;
}

/**
 * A guarded list's items (each once) and, when the guard ended its paging early, the
 * sentence its footer says, in the language on screen. `listKind` comes from LIST_NOUNS.
 */
export function useCheckedList<T extends { id: string }>(
  data: InfiniteData<Page<T>, unknown> | undefined,
  listKind: ListKind,
): CheckedListView<T> {
  const t = useT();
  return useMemo(() => {
    const list = checkedListOf(data);
    return {
      ...list,
      stoppedMessage: list.problem
        ? listStoppedMessage(list.problem, listKind, list.items.length, t)
        : null,
    };
  }, [data, listKind, t]);
}
