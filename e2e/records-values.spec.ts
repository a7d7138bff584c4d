import { allRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import {
  drawnRows,
  filterInput,
  nextRecordsRequest,
  openRecordsTable,
  recordsGrid,
  recordsStatus,
} from './support/records-grid';
import { startConnected } from './support/session';

// Record values and column names as the service holds them, whatever they contain.
// Numbers and dates as the grid prints them here, whatever the machine's settings.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

test('hostile values render as text: no script runs, javascript: is no link', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const sink = await tableNamed('Kitchen sink');
  await openRecordsTable(page, sink.id);
  const grid = recordsGrid(page);

  const hostileRow = grid.getByRole('row').filter({
    has: page.getByRole('gridcell', { name: '<script>alert(1)</script>', exact: true }),
  });
  await expect(hostileRow).toBeVisible();
  await expect(hostileRow.getByRole('gridcell', { name: '<b>555</b>', exact: true })).toBeVisible();
  await expect(
    hostileRow.getByRole('gridcell', { name: 'javascript:alert(1)', exact: true }),
  ).toBeVisible();
  await expect(
    grid.getByRole('gridcell', { name: '<img src=x onerror=alert(1)>', exact: true }),
  ).toBeVisible();
  // Only http(s) and mailto values become links.
  const unsafeLinks = 'a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]';
  await expect(grid.locator(unsafeLinks)).toHaveCount(0);
  await expect(page.locator('main img, main script, main iframe')).toHaveCount(0);

  await hostileRow
    .getByRole('gridcell', { name: '<script>alert(1)</script>', exact: true })
    .click();
  const panel = page.getByRole('dialog');
  await expect(panel).toContainText('<script>alert(1)</script>');
  await expect(panel).toContainText('javascript:alert(1)');
  await expect(panel.getByRole('link', { name: 'javascript:alert(1)' })).toHaveCount(0);
  await expect(panel.locator(unsafeLinks)).toHaveCount(0);
  await expect(page.locator('main img, main script, main iframe')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('column names with spaces, &, =, brackets and non-Latin letters filter end to end', async ({
  page,
}) => {
  const table = await tableNamed('Column names & [brackets]');
  await openRecordsTable(page, table.id);
  await expect(recordsStatus(page)).toContainText('All 20 records');

  async function expectRows(filters: Record<string, string>) {
    const expected = await allRecords(table.id, { filters });
    expect(expected.length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await drawnRows(page)).map((row) => row.cells['with space']))
      .toEqual(expected.map((r) => r.fields['with space']));
  }

  let request = nextRecordsRequest(page, table.id, (r) => 'with space' in r.filters);
  await filterInput(page, 'with space').fill('Row 3');
  expect((await request).filters).toEqual({ 'with space': 'Row 3' });
  await expectRows({ 'with space': 'Row 3' });
  await page.getByRole('button', { name: 'Clear filter with space', exact: true }).click();

  request = nextRecordsRequest(page, table.id, (r) => 'a&b=c' in r.filters);
  await filterInput(page, 'a&b=c').selectOption('y');
  expect((await request).filters).toEqual({ 'a&b=c': 'y' });
  await expectRows({ 'a&b=c': 'y' });

  request = nextRecordsRequest(page, table.id, (r) => 'filter[x]' in r.filters);
  await filterInput(page, 'filter[x]').fill('even');
  expect((await request).filters).toEqual({ 'a&b=c': 'y', 'filter[x]': 'even' });
  await expectRows({ 'a&b=c': 'y', 'filter[x]': 'even' });

  // The view survives the trip through the address bar.
  await page.reload();
  await expect(filterInput(page, 'a&b=c')).toHaveValue('y');
  await expect(filterInput(page, 'filter[x]')).toHaveValue('even');
  await expectRows({ 'a&b=c': 'y', 'filter[x]': 'even' });
  await filterInput(page, 'a&b=c').selectOption('');
  await page.getByRole('button', { name: 'Clear filter filter[x]', exact: true }).click();
  await expect(recordsStatus(page)).toContainText('All 20 records');

  request = nextRecordsRequest(page, table.id, (r) => '名前' in r.filters);
  await filterInput(page, '名前').fill('名前 5');
  expect((await request).filters).toEqual({ 名前: '名前 5' });
  await expectRows({ 名前: '名前 5' });

  await page.getByRole('button', { name: 'Clear filter 名前', exact: true }).click();

  const size = String((await allRecords(table.id))[0]?.fields['Size [cm]']);
  request = nextRecordsRequest(page, table.id, (r) => 'Size [cm]' in r.filters);
  await filterInput(page, 'Size [cm]').fill(size);
  expect((await request).filters).toEqual({ 'Size [cm]': size });
  await expectRows({ 'Size [cm]': size });
});
