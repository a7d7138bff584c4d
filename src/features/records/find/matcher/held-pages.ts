/**
 * The grid's pages handed to the find worker before a find asks for them (decision 061's
 * addendum on the first keystroke): when a find is likely (the box focused or pointed at,
 * the shortcut, or idle after the grid's rows arrive), so the first key's walk finds them
 * there and is sent only where each page is. Held for one view (its query's key): pages of
 * another view are dropped as its first arrive, so a page handed over for a view that a
 * sort, a filter or a refetch has since replaced is never searched for the new one.
 */
import type { RecordRow } from '../../../../lib/api/types';
import type { LoadedPage } from '../walk/find-walk';

/** A page the worker holds, named in a walk by where it is and the cursors it has. */
export type HeldPage = Omit<LoadedPage, 'items'>;

/** Rows held at most: the grid keeps 3,600 (record-queries.ts's MAX_PAGES_IN_MEMORY). */
export const MAX_HELD_ROWS = 5_000;

export class HeldPages {
  private view: string | null = null;
  private pages = new Map<number, LoadedPage>();

  /**
   * The grid holds pages `keep` of `view`; `pages` are those not handed over before (new,
   * or fetched again). Pages of another view, and those the grid dropped, are forgotten.
   */
  hold(view: string, keep: readonly number[], pages: readonly LoadedPage[]): void {
    if (view !== this.view) {
      this.view = view;
      this.pages = new Map();
    }
    const kept = new Set(keep);
    for (const index of [...this.pages.keys()]) {
      if (!kept.has(index)) this.pages.delete(index);
    }
    for (const page of pages) if (kept.has(page.index)) this.pages.set(page.index, page);
    // Bounded whatever is handed over: the last pages go first (a walk uses the leading ones).
    let rows = 0;
    for (const index of [...this.pages.keys()].sort((a, b) => a - b)) {
      const page = this.pages.get(index);
      if (page === undefined) continue;
      if (rows + page.items.length > MAX_HELD_ROWS) this.pages.delete(index);
      else rows += page.items.length;
    }
  }

  /**
   * The pages a walk of `view` starts from: those named, in order, up to the first not held
   * as named (then the walk reads from there). None for another view.
   */
  take(view: string, named: readonly HeldPage[]): LoadedPage[] {
    if (view !== this.view) return [];
    const pages: LoadedPage[] = [];
    for (const at of named) {
      const page = this.pages.get(at.index);
      if (page === undefined || page.cursor !== at.cursor || page.nextCursor !== at.nextCursor) {
        break;
      }
      pages.push(at.problem ? { ...page, problem: at.problem } : page);
    }
    return pages;
  }

  /** The rows of each page held for `view`. */
  rowsOf(view: string): Array<readonly RecordRow[]> {
    return view === this.view ? [...this.pages.values()].map((page) => page.items) : [];
  }

  get rows(): number {
    let rows = 0;
    for (const page of this.pages.values()) rows += page.items.length;
    return rows;
  }
}

/**
 * The page's side: which pages it handed over for which view (by the identity of their
 * rows: a page fetched again is a new array, handed over again).
 */
export class HandedPages {
  private view: string | null = null;
  /** The rows handed over at each place. */
  private handed = new Map<number, readonly unknown[]>();

  /**
   * What to send so the worker holds `loaded` of `view`: the places kept and the pages not
   * handed over yet; `changed` false when the worker holds them all already.
   */
  handOver(
    view: string,
    loaded: readonly LoadedPage[],
  ): { changed: boolean; keep: number[]; pages: LoadedPage[]; named: HeldPage[] } {
    const before = view === this.view ? this.handed : new Map<number, readonly unknown[]>();
    this.view = view;
    this.handed = new Map(loaded.map((page) => [page.index, page.items]));
    const pages = loaded.filter((page) => before.get(page.index) !== page.items);
    return {
      changed: pages.length > 0 || before.size !== loaded.length,
      keep: loaded.map((page) => page.index),
      pages,
      named: loaded.map(({ items: _items, ...at }) => at),
    };
  }
}
