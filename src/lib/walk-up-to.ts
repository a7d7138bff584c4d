import { type WalkPagesOptions, walkPages } from './api/walk-pages';

class BoundReached extends Error {}

export interface WalkUpToResult {
  /** Items delivered, never more than the bound. */
  count: number;
  /** True when the list goes on past the bound ("500+"). */
  more: boolean;
}

/**
 * Walks a list through the paging guard (./api/walk-pages.ts) until it ends or holds more
 * than `bound` items, whichever comes first: a count that is exact up to the bound, and
 * says "more" past it, for at most one page more than the bound needs.
 */
export async function walkUpTo<T>(
  options: Omit<WalkPagesOptions<T>, 'onPage'> & {
    bound: number;
    /** Each page's items, cut at the bound. */
    onItems?: (items: T[]) => void;
  },
): Promise<WalkUpToResult> {
  const { bound, onItems, ...walk } = options;
  let count = 0;
  try {
    await walkPages({
      ...walk,
      onPage: (page) => {
        const room = bound - count;
        const taken = page.items.length > room ? page.items.slice(0, room) : page.items;
        count += taken.length;
        onItems?.(taken);
        if (page.items.length > room) throw new BoundReached();
      },
    });
  } catch (error) {
    if (error instanceof BoundReached) return { count, more: true };
    throw error;
  }
  return { count, more: false };
}
