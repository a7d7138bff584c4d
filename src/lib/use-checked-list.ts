import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CheckedList, checkedListOf } from './api/guarded-list';
import { listStoppedMessage } from './api/paging-guard';
import type { Page } from './api/types';

export interface CheckedListView<T> extends CheckedList<T> {
  /** Why paging stopped early and how many are shown, for the list's footer; else null. */
  stoppedMessage: string | null;
}

/**
 * A guarded list's items (each once) and, when the guard ended its paging early, the
 * sentence its footer says. `noun` comes from LIST_NOUNS.
 */
export function useCheckedList<T extends { id: string }>(
  data: InfiniteData<Page<T>, unknown> | undefined,
  noun: { one: string; other: string },
): CheckedListView<T> {
  return useMemo(() => {
    const list = checkedListOf(data);
    return {
      ...list,
      stoppedMessage: list.problem
        ? listStoppedMessage(list.problem, noun, list.items.length)
        : null,
    };
  }, [data, noun]);
}
