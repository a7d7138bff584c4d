import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PageSummary } from '../../lib/api/types';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { buildPageTree } from './page-tree';
import { PageTreeView } from './page-tree-view';

function page(id: string, name: string, parentPageId: string | null = null): PageSummary {
  return {
    id,
    aliasId: null,
    name,
    icon: null,
    projectId: null,
    parentPageId,
    isPublic: id === 'guide',
    updatedAt: null,
  };
}

const tree = buildPageTree([
  page('handbook', 'Handbook'),
  page('guide', 'Guide', 'handbook'),
  page('deep', 'Deep page', 'guide'),
  page('faq', 'FAQ', 'handbook'),
  page('loop-a', 'Loop A', 'loop-b'),
  page('loop-b', 'Loop B', 'loop-a'),
]);

describe('page tree (ARIA tree pattern)', () => {
  it('is operable by keyboard alone: arrows, Home/End, type-ahead, Enter opens', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PageTreeView tree={tree} label="Pages" />, {
      routePath: '/pages',
    });
    const item = (name: string) => screen.getByRole('treeitem', { name: new RegExp(`^${name}`) });
    expect(screen.getAllByRole('treeitem').map((i) => i.textContent?.replace(/[▸▾]/g, ''))).toEqual(
      ['Handbook', 'Loop A', 'Loop B'],
    );
    await user.tab();
    expect(item('Handbook')).toHaveFocus();
    expect(item('Handbook')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(item('Handbook')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(item('Guide')).toHaveFocus();
    expect(item('Guide')).toHaveAttribute('aria-level', '2');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(item('Deep page')).toHaveFocus();
    expect(item('Deep page')).toHaveAttribute('aria-level', '3');
    await user.keyboard('{ArrowLeft}');
    expect(item('Guide')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('Guide')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: /Deep page/ })).toBeNull();
    await user.keyboard('{End}');
    expect(item('Loop B')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Handbook')).toHaveFocus();
    await user.keyboard('f');
    expect(item('FAQ')).toHaveFocus();
    // One tab stop: Tab leaves the tree.
    expect(screen.getAllByRole('treeitem').filter((i) => i.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/pages/faq');
  });

  it('marks public pages and opens all siblings with *', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PageTreeView tree={tree} label="Pages" />, { routePath: '/pages' });
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowDown}*');
    expect(screen.getByRole('treeitem', { name: /^Guide/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('treeitem', { name: /^Guide/ })).toHaveTextContent('Public');
    expect(screen.getByRole('treeitem', { name: /^Deep page/ })).toBeInTheDocument();
  });
});
