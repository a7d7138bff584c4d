import type { Page } from '@playwright/test';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { type ApiPage, allOf } from './support/resources';
import { startConnected } from './support/session';

/** The pages a reader expects at the root: no parent, a parent not in the list, or on a cycle. */
function expectedTree(pages: ApiPage[]) {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const onCycle = (id: string) => {
    const seen = new Set<string>();
    let current: string | null | undefined = id;
    while (current && byId.has(current) && !seen.has(current)) {
      seen.add(current);
      current = byId.get(current)?.parent_page_id;
      if (current === id) return true;
    }
    return false;
  };
  const parentOf = (page: ApiPage) =>
    page.parent_page_id && byId.has(page.parent_page_id) && !onCycle(page.id)
      ? page.parent_page_id
      : null;
  const childrenOf = (id: string | null) => pages.filter((p) => parentOf(p) === id);
  return { childrenOf };
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Pages' });
const focused = (page: Page) => tree(page).locator('[role="treeitem"]:focus');

test.describe.configure({ timeout: 60_000 });

test('the page tree nests as the data says and is operable by keyboard alone', async ({ page }) => {
  await startConnected(page);
  const pages = await allOf<ApiPage>('pages');
  const { childrenOf } = expectedTree(pages);
  await page.goto('/#/pages');

  // Roots: pages without a parent, the orphans (missing or other-workspace parent), the cycle.
  const roots = childrenOf(null);
  const items = tree(page).getByRole('treeitem');
  await expect(items).toHaveCount(roots.length);
  for (const name of ['Handbook', 'Orphaned notes', 'Borrowed from Globex', 'Loop A', 'Loop B']) {
    expect(roots.map((r) => r.name)).toContain(name);
  }
  await expect(tree(page).locator('[aria-level="1"]')).toHaveCount(roots.length);

  // Keyboard only: Tab into the tree, then walk Handbook → child → grandchild → great-grandchild.
  for (let presses = 0; (await focused(page).count()) === 0; presses++) {
    expect(presses, 'Tab presses to reach the tree').toBeLessThan(60);
    await page.keyboard.press('Tab');
  }
  await expect(focused(page)).toHaveAccessibleName(/^Handbook/);
  let parent = roots.find((r) => r.name === 'Handbook');
  for (let level = 2; level <= 4; level++) {
    if (!parent) throw new Error('the tree is not four levels deep');
    const children = childrenOf(parent.id);
    expect(children.length, `children of ${parent.name}`).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight'); // open
    await expect(focused(page)).toHaveAttribute('aria-expanded', 'true');
    const shown = tree(page).locator(`[aria-level="${level}"]`);
    await expect(shown).toHaveCount(children.length);
    for (const [index, child] of children.entries()) {
      await expect(shown.nth(index)).toHaveAccessibleName(
        new RegExp(`^${escapeRegExp(child.name)}`),
      );
    }
    // Move to the first child that has children of its own (or the first).
    const next = children.find((c) => childrenOf(c.id).length > 0) ?? children[0];
    await page.keyboard.press('ArrowRight'); // to the first child
    for (const child of children) {
      if (child.id === next?.id) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(focused(page)).toHaveAttribute('aria-level', String(level));
    parent = next;
    if (level === 4) break;
  }
  // Left goes back up to the parent; Enter opens the focused page.
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).toHaveAttribute('aria-level', '3');
  // The item's text is its toggle glyph, icon, name and badge; its first line holds the name.
  const opened = (await focused(page).innerText()).replace(/^[▸▾]\s*/, '').split('\n')[0] ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/pages\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(opened);
  // Its breadcrumb names its two ancestors.
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link')).toHaveCount(3);
  await expect(breadcrumb.getByRole('link').nth(1)).toHaveText('Handbook');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a page shows its http(s) cover, Markdown, children and breadcrumb; hostile values stay inert', async ({
  page,
}) => {
  await startConnected(page);
  const pages = await allOf<ApiPage>('pages');
  const handbook = pages.find((p) => p.name === 'Handbook');
  const hostile = pages.find((p) => p.name.startsWith('Hostile page'));
  const loopA = pages.find((p) => p.name === 'Loop A');
  if (!handbook || !hostile || !loopA) throw new Error('the demo seed lacks the expected pages');

  await page.goto(`/#/pages/${handbook.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Handbook');
  await expect(page.locator('main img').first()).toHaveAttribute('src', /^https:\/\//);
  const content = page.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await expect(content.getByRole('table')).toBeVisible();
  const inside = page.getByRole('region', { name: 'Pages inside' });
  const children = pages.filter((p) => p.parent_page_id === handbook.id);
  await expect(inside.getByRole('link')).toHaveCount(children.length);

  await page.goto(`/#/pages/${hostile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(hostile.name);
  // The javascript: cover and Markdown image are not shown; raw HTML is dropped.
  await expect(page.locator('main img:not([src^="https:"])')).toHaveCount(0);
  await expect(page.locator('main script, main iframe')).toHaveCount(0);
  await expect(content.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Handbook' }),
  ).toBeVisible();

  // A page on a cycle opens, with no ancestors, and its loop partner is not its child.
  await page.goto(`/#/pages/${loopA.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Loop A');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(
    1,
  );
});

test('a missing page, or another workspace’s, shows not found with a way back', async ({
  page,
}) => {
  await startConnected(page);
  const [globexPage] = await allOf<ApiPage>('pages', {}, keys.globex);
  for (const id of ['no-such-page', globexPage?.id]) {
    await page.goto(`/#/pages/${id}`);
    await expect(page.getByText('Page not found')).toBeVisible();
  }
  await page.getByRole('main').getByRole('link', { name: 'All pages' }).click();
  await expect(tree(page)).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the page tree and a page have no serious axe violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await startConnected(page);
    await page.goto('/#/pages');
    await tree(page).getByRole('treeitem').first().focus();
    // The app follows the system scheme: make sure axe checks the scheme meant.
    await expect(page.locator('html')).toHaveClass(
      colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await page.keyboard.press('ArrowRight');
    await expect(tree(page).locator('[aria-level="2"]').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Content' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
