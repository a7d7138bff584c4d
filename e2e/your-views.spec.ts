import { tableNamed } from './support/api';
import { expect, keys, seriousAxeViolations, test, watchUncaughtErrors } from './support/fixtures';
import {
  columnHeader,
  filterInput,
  openRecordsTable,
  recordsGrid,
  sortButton,
} from './support/records-grid';
import { startConnected } from './support/session';
import {
  openMenu,
  paidByAmount,
  picker,
  saveViewAs,
  shownColumns,
  yourViewNames,
} from './support/your-views';

/**
 * Views of one's own: save, rename, share by link, delete with Undo, export and import.
 * Against the real reference server. Coming back where you were: ./view-memory.spec.ts.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.setTimeout(90_000);

test('save a view of your own, rename it, and delete it with Undo', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await startConnected(page);
  await openRecordsTable(page, orders.id);

  // Without the notes column; sorted by amount, biggest first; only paid orders.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'notes' }).uncheck();
  await page.keyboard.press('Escape');
  await sortButton(page, 'amount').click();
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'ascending');
  await sortButton(page, 'amount').click();
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
  await filterInput(page, 'status').selectOption('paid');
  await expect(page).toHaveURL(/filter%5Bstatus%5D=paid|filter\[status\]=paid/);
  const columns = await shownColumns(page);
  expect(columns).not.toContain('notes');

  await saveViewAs(page, 'Big paid');
  await expect.poll(() => yourViewNames(page)).toEqual(['Big paid']);
  await expect(picker(page).locator('option:checked')).toHaveText('Big paid');
  await expect(page).toHaveURL(/[?&]mine=/);
  // A name the person typed is data.
  await expect(picker(page).locator('optgroup[label="Yours"] option')).toHaveAttribute(
    'translate',
    'no',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A name already taken for this table is refused, and said why.
  await saveViewAs(page, 'Big paid');
  await expect(page.getByRole('alert')).toHaveText(
    'You already have a view with that name for this table.',
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');

  await openMenu(page);
  await page.getByRole('button', { name: 'Rename…' }).click();
  await page.getByLabel('Name of the view').fill('Biggest paid');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect.poll(() => yourViewNames(page)).toEqual(['Biggest paid']);

  // Delete, with Undo; then delete for good.
  await openMenu(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  const undoRegion = page.getByRole('region', { name: 'Deleted view' });
  await expect(undoRegion).toContainText('“Biggest paid” deleted.');
  await expect.poll(() => yourViewNames(page)).toEqual([]);
  await undoRegion.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => yourViewNames(page)).toEqual(['Biggest paid']);
  await picker(page).selectOption({ label: 'Biggest paid' });
  await openMenu(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  await undoRegion.getByRole('button', { name: 'Dismiss' }).click();
  await expect(undoRegion.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await page.reload();
  await expect(recordsGrid(page)).toBeVisible();
  expect(await yourViewNames(page)).toEqual([]);
});

test('a view shared by link opens the same for someone else, who is offered to save it', async ({
  page,
  browser,
}) => {
  const orders = await tableNamed('Orders');
  const expected = await paidByAmount(orders.id);
  await startConnected(page);
  await openRecordsTable(page, orders.id);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'notes' }).uncheck();
  await page.keyboard.press('Escape');
  // Each click turns the sort the header shows: the second waits for the first's.
  await sortButton(page, 'amount').click();
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'ascending');
  await sortButton(page, 'amount').click();
  await filterInput(page, 'status').selectOption('paid');
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
  const columns = await shownColumns(page);
  await saveViewAs(page, 'Biggest paid');
  await expect.poll(() => yourViewNames(page)).toEqual(['Biggest paid']);

  // Copy link: a hash route with the view's parameters, never the key.
  await openMenu(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByLabel('Link to the view').inputValue();
  expect(link).toContain(`#/tables/${orders.id}?`);
  expect(link).toContain('shared=Biggest+paid');
  expect(link).not.toContain(keys.full);
  await page.keyboard.press('Escape');

  // Someone else with access opens it: the same view, and an offer to keep it.
  const other = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const theirErrors = await watchUncaughtErrors(other);
  try {
    const theirs = await other.newPage();
    await startConnected(theirs);
    await theirs.goto(link);
    await expect(columnHeader(theirs, 'amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(filterInput(theirs, 'status')).toHaveValue('paid');
    await expect.poll(() => shownColumns(theirs)).toEqual(columns);
    await expect
      .poll(
        async () =>
          await theirs
            .locator('tbody [role="row"]')
            .evaluateAll((rows) => rows.slice(0, 5).map((row) => row.getAttribute('data-row-id'))),
      )
      .toEqual(expected.slice(0, 5).map((record) => record.id));
    const offer = theirs.getByText('This link shares the view “Biggest paid”.', { exact: false });
    await expect(offer).toBeVisible();
    expect(await seriousAxeViolations(theirs)).toEqual([]);
    await theirs.getByRole('button', { name: 'Save to your views' }).click();
    await expect(offer).toHaveCount(0);
    await expect.poll(() => yourViewNames(theirs)).toEqual(['Biggest paid']);
    await expect(picker(theirs).locator('option:checked')).toHaveText('Biggest paid');
    await expect(theirs).toHaveURL(/[?&]mine=/);
    expect(theirErrors, 'uncaught errors in the other person’s page').toEqual([]);
  } finally {
    await other.close();
  }
});

test('an imported file is checked first: a broken one is refused with the reason, a good one adds its views', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await startConnected(page);
  await openRecordsTable(page, orders.id);

  await openMenu(page);
  await page.getByLabel('Views file to import').setInputFiles({
    name: 'views.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'workspace-browser.views',
        version: 1,
        views: [
          { table: orders.id, name: 'Fine' },
          { table: orders.id, name: 'Odd', widths: { amount: 'wide' } },
        ],
      }),
    ),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'View 2 in that file has an unreadable “widths”; nothing was imported.',
  );
  expect(await yourViewNames(page)).toEqual([]);

  await page.getByLabel('Views file to import').setInputFiles({
    name: 'views.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        format: 'workspace-browser.views',
        version: 1,
        views: [
          {
            table: orders.id,
            name: 'Refunds',
            sort: 'amount:asc',
            filters: { status: 'refunded' },
          },
        ],
      }),
    ),
  });
  await expect(page.getByText('1 view imported.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.poll(() => yourViewNames(page)).toEqual(['Refunds']);
  await picker(page).selectOption({ label: 'Refunds' });
  await expect(filterInput(page, 'status')).toHaveValue('refunded');
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'ascending');

  // Export gives the same views back, as a file.
  await openMenu(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export your views' }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  const exported = JSON.parse(Buffer.concat(text).toString('utf8'));
  expect(exported.format).toBe('workspace-browser.views');
  expect(exported.views).toEqual([
    {
      table: orders.id,
      name: 'Refunds',
      sort: 'amount:asc',
      filters: { status: 'refunded' },
      columns: [],
      widths: {},
    },
  ]);
});
