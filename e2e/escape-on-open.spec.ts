import type { Page } from '@playwright/test';
import { tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { openRecordsTable, recordsGrid } from './support/records-grid';
import { startConnected } from './support/session';

/**
 * Whoever opens a dialog, sheet or panel and presses Escape at once expects it closed and
 * focus back where it was, even though its code is still loading or it is not drawn yet
 * (the phone audit's walk, quicker than a person, lost that Escape on Go to). Each test
 * presses Escape right after the press that opens, without waiting for focus to move.
 */

/**
 * Resolves once the code of the chunk named `chunk` (its file name's start) has run in the
 * page and two frames have been drawn since: an opening that was still on its way has been
 * drawn by then, so what is not on screen now was closed.
 */
async function afterCodeArrived(page: Page, chunk: string): Promise<void> {
  const prefix = `/assets/${chunk}-`;
  await page.waitForFunction(
    (prefix) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => new URL(entry.name).pathname.startsWith(prefix)),
    prefix,
  );
  await page.evaluate(async (prefix) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => new URL(resource.name).pathname.startsWith(prefix));
    if (entry) await import(entry.name);
    for (let frame = 0; frame < 2; frame += 1) {
      await new Promise((drawn) => requestAnimationFrame(drawn));
    }
  }, prefix);
}

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

test('Escape pressed as Go to opens, its code still loading, closes it; focus stays on its button', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: /Go to/ });
  await button.click();
  await page.keyboard.press('Escape');
  await afterCodeArrived(page, 'command-palette');
  await expect(page.getByRole('dialog', { name: /Go to/ })).toHaveCount(0);
  await expect(button).toBeFocused();

  // Go to still opens, and closes, as usual afterwards.
  await button.click();
  await expect(page.getByRole('combobox', { name: 'Go to' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Go to/ })).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('Escape pressed as a record opens from the grid closes it; focus back on its row', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  const cell = recordsGrid(page).getByRole('gridcell').first();
  // A click on a row opens its record.
  await cell.click();
  await page.keyboard.press('Escape');
  await afterCodeArrived(page, 'record-side-panel');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/records\//);
  await expect(cell).toBeFocused();
});

test('Escape pressed as a column summary opens closes it; focus back on its button', async ({
  page,
}) => {
  const customers = await tableNamed('Customers');
  await openRecordsTable(page, customers.id);
  const button = page.getByRole('button', { name: 'Summary of country' });
  await button.click();
  await page.keyboard.press('Escape');
  await afterCodeArrived(page, 'column-summary-panel');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog', { name: 'country' })).toHaveCount(0);
  await expect(button).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Escape pressed as the sort and filter sheet opens closes it; focus stays on its button', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    await page.goto(`/#/tables/${orders.id}`);
    await expect(page.getByRole('main').locator('li[data-row-id]').first()).toBeVisible();
    const opener = page.getByRole('button', { name: 'Sort and filter' });
    await opener.tap();
    await page.keyboard.press('Escape');
    await afterCodeArrived(page, 'sort-filter-sheet');
    await expect(page.getByRole('dialog', { name: 'Sort and filter' })).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('Escape pressed as a card’s record opens closes it; focus back on its card', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    await page.goto(`/#/tables/${orders.id}`);
    const card = page.getByRole('main').locator('li[data-row-id]').first();
    await expect(card).toBeVisible();
    await card.locator('dl').tap();
    await page.keyboard.press('Escape');
    await afterCodeArrived(page, 'record-side-panel');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/records\//);
    await expect
      .poll(() => card.evaluate((item) => item.contains(document.activeElement)))
      .toBe(true);
  });
});
