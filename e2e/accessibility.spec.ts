import type { Page } from '@playwright/test';
import { allSkills, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} color scheme`, () => {
    test.use({ colorScheme });
    // An axe pass over a full screen takes seconds; on a busy machine two of them plus the
    // page load can pass the default 30 s.
    test.describe.configure({ timeout: 60_000 });

    async function expectDarkIs(page: Page) {
      // The app follows the system scheme; make sure axe checks the scheme we meant.
      await expect(page.locator('html')).toHaveClass(
        colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
      );
    }

    test('the connect screen has no serious axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
      await expectDarkIs(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // With an error shown too.
      await page.getByLabel('API key', { exact: true }).fill(`svc_live_${'0'.repeat(48)}`);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test('the records grid with a row panel open has no serious axe violations', async ({
      page,
    }) => {
      await startConnected(page);
      // Every column type and cell kind (links, chips, files, empty values, unfilterable
      // columns), with a sorted and a filtered header.
      const sink = await tableNamed('Kitchen sink');
      await page.goto(`/#/tables/${sink.id}?sort=Number:desc&filter[Choice]=Red`);
      await expect(recordsStatus(page)).toContainText('All 3 records');
      await expectDarkIs(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await recordsGrid(page).getByRole('gridcell', { name: 'Plain row', exact: true }).click();
      await expect(page.getByRole('dialog')).toContainText('report.pdf');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test('the skills list and a skill have no serious axe violations', async ({ page }) => {
      await startConnected(page);
      const [skill] = await allSkills();
      if (!skill) throw new Error('the demo workspace has no skills');
      await page.goto('/#/skills');
      await expect(page.getByRole('link', { name: skill.name }).first()).toBeVisible();
      await expectDarkIs(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`/#/skills/${skill.id}`);
      await expect(page.getByRole('region', { name: 'Content' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}

test('keyboard only: Tab into the grid, arrows move, Enter opens the record, Escape closes', async ({
  page,
}) => {
  await startConnected(page);
  const team = await tableNamed('Team');
  await page.goto(`/#/tables/${team.id}`);
  await expect(recordsStatus(page)).toContainText('All 5 records');
  const grid = recordsGrid(page);
  const focusedCell = page.locator('[role="gridcell"]:focus');

  // Tab from the top of the page until a grid cell has focus; nothing may trap focus on the way.
  let presses = 0;
  while ((await focusedCell.count()) === 0) {
    expect(presses, 'Tab presses to reach the grid').toBeLessThan(80);
    await page.keyboard.press('Tab');
    presses += 1;
  }
  // The grid is one tab stop: its first cell.
  await expect(focusedCell).toHaveAttribute('data-column-index', '0');
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  const rowOfFocus = grid.locator('[role="row"]:has([role="gridcell"]:focus)');
  await expect(rowOfFocus).toHaveAttribute('aria-rowindex', '2');

  await page.keyboard.press('ArrowRight');
  await expect(focusedCell).toHaveAttribute('data-column-index', '1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rowOfFocus).toHaveAttribute('aria-rowindex', '4');
  await page.keyboard.press('ArrowUp');
  await expect(rowOfFocus).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(focusedCell).toHaveAttribute('data-column-index', '0');
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  const rowText = (await rowOfFocus.getByRole('gridcell').first().textContent()) ?? '';

  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(rowText);
  // Focus moves into the panel, so Escape and Tab act there.
  await expect(panel.getByRole('button', { name: 'Close record' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(rowOfFocus).toHaveAttribute('aria-rowindex', '3');
  await expect(focusedCell).toHaveAttribute('data-column-index', '0');
});
