import { describe, expect, it } from 'vitest';
import type { PageSummary } from '../../lib/api/types';
import { ancestorsOf, buildPageTree, visibleItems } from './page-tree';

function page(id: string, parentPageId: string | null = null): PageSummary {
  return {
    id,
    aliasId: null,
    name: `Page ${id}`,
    icon: null,
    projectId: null,
    parentPageId,
    isPublic: false,
    updatedAt: null,
  };
}

const names = (pages: PageSummary[]) => pages.map((p) => p.id);

describe('the page tree', () => {
  it('nests pages by parent_page_id, in list order, as deep as the data goes', () => {
    const tree = buildPageTree([
      page('root'),
      page('a', 'root'),
      page('a1', 'a'),
      page('a1x', 'a1'),
      page('b', 'root'),
      page('other'),
    ]);
    expect(names(tree.roots)).toEqual(['root', 'other']);
    expect(names(tree.childrenOf.get('root') ?? [])).toEqual(['a', 'b']);
    expect(names(ancestorsOf(tree, 'a1x'))).toEqual(['root', 'a', 'a1']);
    expect(ancestorsOf(tree, 'root')).toEqual([]);
  });

  it('puts a page whose parent is missing, or is itself, at the root', () => {
    const tree = buildPageTree([
      page('orphan', 'gone'),
      page('self', 'self'),
      page('kid', 'orphan'),
    ]);
    expect(names(tree.roots)).toEqual(['orphan', 'self']);
    expect(names(tree.childrenOf.get('orphan') ?? [])).toEqual(['kid']);
  });

  it('puts every page of a cycle at the root; pages hanging off the cycle stay below it', () => {
    const tree = buildPageTree([
      page('a', 'b'),
      page('b', 'c'),
      page('c', 'a'),
      page('tail', 'b'),
      page('x', 'y'),
      page('y', 'x'),
    ]);
    expect(names(tree.roots)).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(names(tree.childrenOf.get('b') ?? [])).toEqual(['tail']);
    expect(names(ancestorsOf(tree, 'tail'))).toEqual(['b']);
    // Every page once; walking the whole tree expanded ends.
    const all = visibleItems(tree, new Set(tree.byId.keys()));
    expect(all.map((item) => item.page.id).sort()).toEqual(['a', 'b', 'c', 'tail', 'x', 'y']);
  });

  it('counts a page repeated in the list once', () => {
    const tree = buildPageTree([page('a'), page('b', 'a'), page('a'), page('b', 'a')]);
    expect(names(tree.roots)).toEqual(['a']);
    expect(names(tree.childrenOf.get('a') ?? [])).toEqual(['b']);
  });

  it('lists the visible items with level, position and set size', () => {
    const tree = buildPageTree([page('r'), page('c1', 'r'), page('c2', 'r'), page('s')]);
    expect(visibleItems(tree, new Set()).map((i) => [i.page.id, i.level, i.hasChildren])).toEqual([
      ['r', 1, true],
      ['s', 1, false],
    ]);
    expect(
      visibleItems(tree, new Set(['r'])).map((i) => [i.page.id, i.level, i.position, i.setSize]),
    ).toEqual([
      ['r', 1, 1, 2],
      ['c1', 2, 1, 2],
      ['c2', 2, 2, 2],
      ['s', 1, 2, 2],
    ]);
  });

  it('handles a long chain without recursion limits or quadratic time', () => {
    const pages = [page('p0')];
    for (let i = 1; i < 5000; i++) pages.push(page(`p${i}`, `p${i - 1}`));
    pages[0] = page('p0', 'p4999'); // and close it into one big cycle
    const tree = buildPageTree(pages);
    expect(tree.roots).toHaveLength(5000);
  });
});
