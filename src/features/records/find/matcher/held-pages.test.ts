import { describe, expect, it } from 'vitest';
import { record } from '../../testing/records-test-utils';
import { rows } from '../find-test-fixtures';
import type { LoadedPage } from '../walk/find-walk';
import { HandedPages, HeldPages, MAX_HELD_ROWS } from './held-pages';

const BY_NAME = JSON.stringify(['records', 't', { sort: 'name' }]);
const BY_DATE = JSON.stringify(['records', 't', { sort: '-date' }]);

function page(index: number, items = rows(500)): LoadedPage {
  return {
    index,
    cursor: index === 0 ? null : String(index),
    items,
    nextCursor: String(index + 1),
  };
}
const named = (pages: readonly LoadedPage[]) => pages.map(({ items: _items, ...at }) => at);

describe('the grid’s pages handed to the find worker ahead of a find', () => {
  it('gives a walk the pages held for its view, and none held for another view', () => {
    const held = new HeldPages();
    const pages = [page(0), page(1)];
    held.hold(BY_NAME, [0, 1], pages);
    expect(held.take(BY_NAME, named(pages))).toEqual(pages);
    // The sort changed: the same places of the new view are other records.
    expect(held.take(BY_DATE, named(pages))).toEqual([]);
    held.hold(BY_DATE, [0], [page(0, [record('d1', { name: 'haddad d1' })])]);
    expect(held.take(BY_NAME, named(pages))).toEqual([]);
    expect(held.take(BY_DATE, named([page(0)]))[0]?.items.map((row) => row.id)).toEqual(['d1']);
  });

  it('never gives a page the grid fetched again in place of the new one', () => {
    const held = new HeldPages();
    const handed = new HandedPages();
    const before = [page(0), page(1)];
    const first = handed.handOver(BY_NAME, before);
    held.hold(BY_NAME, first.keep, first.pages);
    // A refetch: page 1 comes back with other rows (new records, an edit).
    const refetched = [before[0] as LoadedPage, page(1, [record('new', { name: 'haddad new' })])];
    const second = handed.handOver(BY_NAME, refetched);
    expect(second.pages.map((p) => p.index)).toEqual([1]);
    held.hold(BY_NAME, second.keep, second.pages);
    expect(held.take(BY_NAME, second.named)[1]?.items.map((row) => row.id)).toEqual(['new']);
  });

  it('stops at a page not held as the walk names it: the walk reads from there', () => {
    const held = new HeldPages();
    const pages = [page(0), page(1), page(2)];
    held.hold(BY_NAME, [0, 1, 2], pages);
    const asked = named(pages).map((at) => (at.index === 1 ? { ...at, nextCursor: 'other' } : at));
    expect(held.take(BY_NAME, asked).map((p) => p.index)).toEqual([0]);
  });

  it('hands each page over once, and again only when it changed or the view did', () => {
    const handed = new HandedPages();
    const pages = [page(0), page(1)];
    expect(handed.handOver(BY_NAME, pages.slice(0, 1)).pages).toHaveLength(1);
    const more = handed.handOver(BY_NAME, pages);
    expect(more.pages.map((p) => p.index)).toEqual([1]);
    expect(handed.handOver(BY_NAME, pages).changed).toBe(false);
    expect(handed.handOver(BY_DATE, pages).pages).toHaveLength(2);
  });

  it('keeps a bounded copy: the pages the grid dropped go, and never more than the bound', () => {
    const held = new HeldPages();
    const many = Array.from({ length: 14 }, (_, index) => page(index));
    held.hold(
      BY_NAME,
      many.map((p) => p.index),
      many,
    );
    expect(held.rows).toBeLessThanOrEqual(MAX_HELD_ROWS);
    expect(held.take(BY_NAME, named(many))).toHaveLength(MAX_HELD_ROWS / 500);
    // The grid dropped its first pages as it read on: they are not kept.
    held.hold(BY_NAME, [8, 9], []);
    expect(held.rows).toBe(1000);
    expect(held.take(BY_NAME, named(many))).toEqual([]);
  });
});
