import type { Page } from '@playwright/test';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { allRecords, tableNamed } from './support/api';
import { downloadedText, startExport } from './support/export';
import { expect, test } from './support/fixtures';
import { recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

/** Opens the cards' menu (⋯), where Count and Export live while a board shows, unless open. */
async function moreActions(page: Page) {
  const button = page.getByRole('button', { name: 'More actions' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test('with a board in the address, Count counts the view and Export writes its records, as the API has them', async ({
  page,
}) => {
  await startConnected(page);
  // Chromium's file picker has no one to answer it: the download path, as other browsers take.
  await page.addInitScript(() => Reflect.deleteProperty(window, 'showSaveFilePicker'));
  const orders = await tableNamed('Orders');
  const view = { sort: 'amount:desc', filters: { tags: 'fragile', paid: 'false' } };
  const expected = await allRecords(orders.id, view);
  expect(expected.length).toBeGreaterThan(1_000);
  await page.goto(
    `/#/tables/${orders.id}?layout=board&group=status&sort=amount%3Adesc&filter%5Btags%5D=fragile&filter%5Bpaid%5D=false`,
  );
  const board = page.getByRole('region', { name: 'Orders as a board by status' });
  await expect(board.getByRole('listitem').first()).toBeVisible();

  await moreActions(page);
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(recordsStatus(page)).toContainText(
    `${expected.length.toLocaleString('en-US')} records in this view (counted)`,
  );
  await expect(page).toHaveURL(/layout=board/);

  await moreActions(page);
  const downloadEvent = page.waitForEvent('download');
  await startExport(page, 'CSV', { idsOnly: true });
  const [header, ...rows] = parseCsv(await downloadedText(await downloadEvent));
  const idAt = (header ?? []).indexOf('id');
  const statusAt = (header ?? []).indexOf('status');
  expect(rows.map((row) => row[idAt])).toEqual(expected.map((record) => record.id));
  expect(rows.map((row) => row[statusAt])).toEqual(
    expected.map((record) => String(record.fields.status ?? '')),
  );
  await expect(board).toBeVisible();
});
