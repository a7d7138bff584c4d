import type { Page } from '@playwright/test';
import { tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import {
  filterInput,
  nextRecordsRequest,
  openRecordsTable,
  recordsGrid,
  recordsStatus,
  sortButton,
} from './support/records-grid';
import { startConnected } from './support/session';

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

function focusIsInGrid(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.querySelector('[role="grid"]')?.contains(document.activeElement) ?? false,
  );
}

/** ArrowRight along the header row until the column header named `column` has focus. */
async function walkRightTo(page: Page, column: string): Promise<void> {
  const focusedHeader = page.locator('[role="columnheader"]:focus');
  for (let step = 0; step < 15; step++) {
    if ((await focusedHeader.getAttribute('aria-label')) === column) return;
    await page.keyboard.press('ArrowRight');
  }
  await expect(focusedHeader).toHaveAttribute('aria-label', column);
}

function focusIsInHeader(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.querySelector('[role="grid"] thead')?.contains(document.activeElement) ?? false,
  );
}

test('the Orders header is one Tab stop, not four a column: Tab passes it in one press both ways', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  const columnCount = await recordsGrid(page).getByRole('columnheader').count();
  expect(columnCount).toBeGreaterThan(8);

  // Into the grid by Tab from the toolbar above it: the first cell is its stop.
  await page.getByRole('button', { name: 'Columns', exact: true }).focus();
  for (let presses = 0; !(await focusIsInGrid(page)); presses++) {
    expect(presses, 'Tab presses from Columns to the grid').toBeLessThan(20);
    await page.keyboard.press('Tab');
  }
  await expect(page.locator('[role="gridcell"]:focus')).toHaveCount(1);
  expect(await focusIsInHeader(page)).toBe(false);
  // Shift+Tab leaves the grid at once: no header control is on the way (41 were).
  await page.keyboard.press('Shift+Tab');
  expect(await focusIsInGrid(page)).toBe(false);

  // With the header the grid's place (↑ from the rows), Tab stops there once and moves on.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[role="columnheader"]:focus')).toHaveCount(1);
  await page.getByRole('button', { name: 'Columns', exact: true }).focus();
  let headerStops = 0;
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    if (await focusIsInHeader(page)) headerStops++;
    else if (headerStops > 0) break;
  }
  expect(headerStops).toBe(1);
  expect(headerStops).toBeLessThanOrEqual(columnCount);
});

test('sort and filter from the keyboard alone: arrows to a header, Enter to its controls, Escape back', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  const grid = recordsGrid(page);
  const focusedHeader = page.locator('[role="columnheader"]:focus');

  // Into the grid by Tab, up into the header row.
  await page.getByRole('button', { name: 'Columns', exact: true }).focus();
  while (!(await focusIsInGrid(page))) await page.keyboard.press('Tab');
  await expect(page.locator('[role="gridcell"]:focus')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(focusedHeader).toHaveAttribute('aria-label', 'order_no');
  // Says how to reach its controls.
  await expect(focusedHeader).toHaveAccessibleDescription(/Enter or F2/);

  // → to amount; Enter reaches its sort button; Enter sorts (the URL and the rows follow).
  await walkRightTo(page, 'amount');
  await expect(focusedHeader).toHaveAttribute('aria-label', 'amount');
  await page.keyboard.press('Enter');
  await expect(sortButton(page, 'amount')).toBeFocused();
  const sorted = nextRecordsRequest(page, orders.id, (r) => r.sort === 'amount:asc');
  await page.keyboard.press('Enter');
  await sorted;
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
  await expect(grid.getByRole('columnheader', { name: 'amount', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // Escape comes back to the header; arrows move on from there.
  await page.keyboard.press('Escape');
  await expect(focusedHeader).toHaveAttribute('aria-label', 'amount');

  await walkRightTo(page, 'email');
  await expect(focusedHeader).toHaveAttribute('aria-label', 'email');
  await page.keyboard.press('F2');
  // Tab moves among this column's controls only, to its filter.
  for (let step = 0; step < 4; step++) {
    if (await filterInput(page, 'email').evaluate((e) => e === document.activeElement)) break;
    await page.keyboard.press('Tab');
    expect(await focusIsInGrid(page)).toBe(true);
  }
  await expect(filterInput(page, 'email')).toBeFocused();
  const email = 'buyer75@example.com';
  const filtered = nextRecordsRequest(page, orders.id, (r) => r.filters.email === email);
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  expect((await filtered).filters).toEqual({ email });
  expect(decodeURIComponent(page.url())).toContain(`filter[email]=${email}`);
  await expect(recordsStatus(page)).toContainText(`Orders where email is ${email}`);

  // Escape first clears what the filter box holds (its own use of it); with the box empty,
  // Escape returns to the header.
  await page.keyboard.press('Escape');
  await expect(filterInput(page, 'email')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(focusedHeader).toHaveAttribute('aria-label', 'email');
  // ↓ goes back to the rows, in the same column.
  const emailColumn = await focusedHeader.getAttribute('data-column-index');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[role="gridcell"]:focus')).toHaveAttribute(
    'data-column-index',
    emailColumn ?? '',
  );
});
