import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from './api/types';

/**
 * Every item of a paged list once, in order: a service that repeats an item on a later
 * page (a moved item, a repeated cursor) must not put it on screen twice.
 */
export function uniqueById<T extends { id: string }>(
  data: InfiniteData<Page<T>, unknown> | undefined,
): T[] {
  if (data === undefined) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
