import type { Page } from '@playwright/test';
import { allRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import {
  drawnRows,
  numberInCell,
  recordsGrid,
  recordsRequestOf,
  recordsStatus,
} from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/**
 * Holds the jump's page requests (those with a cursor) after the first `passThrough` at the
 * browser until released, so its progress can be seen; the requests then go to the server.
 */
async function holdJumpPages(page: Page, passThrough: number) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  await page.route(
    (url) => recordsRequestOf(url.href)?.cursor != null,
    async (route) => {
      seen += 1;
      if (seen > passThrough) await held;
      // A cancelled jump aborts its request: nothing is left to continue.
      await route.continue().catch(() => {});
    },
  );
  return release;
}

/**
 * Jump to end first reads the view backwards (decision 018, e2e/jump-to-end-direct.spec.ts);
 * these tests are about the walk it falls back to. The reversed request (`amount:desc`) is
 * sent with the view's own direction instead, as a service that ignores `:desc` would:
 * its real reply does not mirror the view, so the grid walks.
 */
async function ignoreDescendingAmount(page: Page) {
  await page.route(
    (url) => recordsRequestOf(url.href)?.sort === 'amount:desc',
    (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('sort', 'amount:asc');
      return route.continue({ url: url.href });
    },
  );
}

// amount is a NUMBER column with nulls (3 % of Orders): ascending, the list ends with
// them, ordered by id, and only paging the view itself says which record is last.
test('Jump to end walking Orders sorted by a nullable number lands on the API’s last record', async ({
  page,
}) => {
  test.slow();
  const orders = await tableNamed('Orders');
  const records = await allRecords(orders.id, { sort: 'amount:asc' });
  const last = records.at(-1);
  expect(last?.fields.amount ?? null).toBeNull();

  await ignoreDescendingAmount(page);
  await page.goto(`/#/tables/${orders.id}?sort=amount:asc`);
  await expect(recordsGrid(page)).toBeVisible();
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  const release = await holdJumpPages(page, 3);
  await page.getByRole('button', { name: 'Jump to end' }).click();

  // Progress while it walks: records passed so far, and a way out.
  await expect(recordsStatus(page)).toContainText(/Loading to the end… [\d,]+ records passed/);
  await expect(page.getByRole('button', { name: 'Cancel jump to end' })).toBeVisible();
  release();

  await expect(recordsStatus(page)).toContainText(
    `All ${records.length.toLocaleString('en-US')} records`,
    { timeout: 60_000 },
  );
  await expect(page.getByRole('button', { name: 'Cancel jump to end' })).toHaveCount(0);
  await expect(recordsGrid(page)).toHaveAttribute('aria-rowcount', String(records.length + 1));
  await expect.poll(async () => (await drawnRows(page)).at(-1)?.index).toBe(records.length - 1);
  const drawn = await drawnRows(page);
  // The rows drawn at the end are the API's rows at those positions, the last one last.
  expect(drawn.map((row) => numberInCell(row.cells.order_no))).toEqual(
    drawn.map((row) => records[row.index]?.fields.order_no),
  );
  expect(numberInCell(drawn.at(-1)?.cells.order_no)).toBe(last?.fields.order_no);
});

test('Cancel stops Jump to end and leaves the rows loaded so far', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await ignoreDescendingAmount(page);
  await page.goto(`/#/tables/${orders.id}?sort=amount:asc`);
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  const release = await holdJumpPages(page, 2);
  await page.getByRole('button', { name: 'Jump to end' }).click();
  await expect(recordsStatus(page)).toContainText('Loading to the end…');

  await page.getByRole('button', { name: 'Cancel jump to end' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Jump to end' })).toBeVisible();
  await expect(recordsStatus(page)).not.toContainText('Loading to the end');
  await expect(recordsStatus(page)).toContainText('records loaded · more available');
});
