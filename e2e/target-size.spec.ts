import type { Page } from '@playwright/test';
import { tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';
import { smallControls } from './support/small-controls';

// A page load and an axe pass over the grid and its panel take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function openKitchenSinkWithPanel(page: Page) {
  await startConnected(page);
  const sink = await tableNamed('Kitchen sink');
  // Three rows of every cell kind: axe's pass stays short on a busy machine.
  await page.goto(`/#/tables/${sink.id}?filter[Choice]=Red`);
  await expect(recordsStatus(page)).toContainText('All 3 records');
  await recordsGrid(page).getByRole('gridcell', { name: 'Plain row', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('report.pdf');
}

test('with a mouse every control on the grid and the record panel is at least 24 × 24 px', async ({
  page,
}) => {
  await openKitchenSinkWithPanel(page);
  expect(await smallControls(page, 24)).toEqual([]);
  // The panel's Copy buttons were 38 × 16.
  const copy = page.getByRole('button', { name: 'Copy Title', exact: true });
  const box = await copy.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  // axe's target-size runs with every axe pass (support/fixtures.ts; accessibility.spec.ts
  // covers this screen with the mouse).
});

test.describe('with a finger for a pointer', () => {
  test.use({ hasTouch: true });

  test('every control on the grid and the record panel is at least 44 × 44 px, the header holds them', async ({
    page,
  }) => {
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await openKitchenSinkWithPanel(page);
    expect(await smallControls(page, 44)).toEqual([]);
    // The grid's header grew with its controls: the filter is inside its header.
    const header = recordsGrid(page).getByRole('columnheader', { name: 'Title', exact: true });
    const filter = page.getByLabel('Filter Title', { exact: true });
    const [headerBox, filterBox] = [await header.boundingBox(), await filter.boundingBox()];
    expect((filterBox?.y ?? 0) + (filterBox?.height ?? 0)).toBeLessThanOrEqual(
      (headerBox?.y ?? 0) + (headerBox?.height ?? 0) + 0.5,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test("a column's summary panel, opened by a tap, has only 44 × 44 px controls", async ({
    page,
  }) => {
    await openKitchenSinkWithPanel(page);
    await page.getByRole('button', { name: 'Summary of Title', exact: true }).tap();
    const summary = page.getByRole('dialog', { name: 'Title' });
    await expect(summary.getByRole('button', { name: 'Close summary' })).toBeFocused();
    expect(await smallControls(page, 44)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('with a finger on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('every control and every link that stands alone is at least 44 × 44 px, on every screen, in the drawer and in the open menus', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await startConnected(page);
    const screens: [string, string][] = [
      ['/#/tasks?view=board', 'Tasks'],
      ['/#/tasks?view=list', 'Tasks'],
      ['/#/projects', 'Projects'],
      ['/#/pages', 'Pages'],
      ['/#/skills', 'Skills'],
    ];
    for (const [url, heading] of screens) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/Loading/)).toHaveCount(0);
      expect(await smallControls(page, 44), url).toEqual([]);
    }
    // A project (its task list, its back link) and a task (its back link).
    await page.goto('/#/projects');
    await page.getByRole('link', { name: 'Website relaunch', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Website relaunch');
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    expect(await smallControls(page, 44), 'a project').toEqual([]);
    await page.goto('/#/tasks?view=list');
    await page.getByRole('table', { name: 'Tasks' }).locator('a[href^="#/tasks/"]').first().click();
    await expect(page.getByRole('region', { name: 'Description' })).toBeVisible();
    expect(await smallControls(page, 44), 'a task').toEqual([]);

    // The navigation drawer: the lists, the tables, the theme and language controls.
    await page.getByRole('button', { name: 'Show navigation' }).tap();
    await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeVisible();
    expect(await smallControls(page, 44), 'the drawer').toEqual([]);
    await page.getByRole('button', { name: 'Hide navigation' }).first().tap();

    // The workspace switcher, open.
    await page.getByRole('banner').locator('button[aria-expanded]').last().tap();
    await expect(page.getByRole('region', { name: 'Workspaces' })).toBeVisible();
    await page.getByRole('region', { name: 'Workspaces' }).locator('summary').tap();
    expect(await smallControls(page, 44), 'the workspace switcher').toEqual([]);
  });
});
