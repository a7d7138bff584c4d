import type { Page } from '@playwright/test';
import { type ApiRecord, apiGet, listTables, tableNamed } from './support/api';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { dashboardBehindFaultProxy } from './support/proxied-dashboard';
import {
  columnHeader,
  filterInput,
  openRecordsTable,
  placeInGrid,
  recordsGrid,
  recordsStatus,
  scrollToFirstRow,
  sortButton,
  topRecordId,
} from './support/records-grid';
import { startConnected, storedText } from './support/session';

/**
 * Issue 22, items 1, 2 and 4: views of one's own (save, rename, share by link, delete),
 * and back where you were (a table's last view and row from the sidebar, the root address
 * to the last screen). Against the real reference server; the held reply is the fault
 * proxy's.
 *
 * "Nothing outlives the tab" (without "Remember on this device"), as tested here: after a
 * view is saved, a column hidden and tables visited, localStorage holds none of it (no
 * view name, no kept views, last screens or layouts), and another tab of the same browser,
 * connected with the same key, has no views of its own and starts at the first table.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.setTimeout(90_000);

const YOURS = 'workspace-browser.your-views';
const WHERE = 'workspace-browser.where';
const LAYOUTS = 'workspace-browser.column-layouts';
const PLACES = 'workspace-browser.view-places';

function picker(page: Page) {
  return page.getByRole('combobox', { name: 'View' });
}

/** The names listed under "Yours" in the view picker. */
function yourViewNames(page: Page): Promise<string[]> {
  return picker(page)
    .locator('optgroup[label="Yours"] option')
    .evaluateAll((options) => options.map((option) => option.textContent ?? ''));
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Your views' }).click();
}

async function shownColumns(page: Page): Promise<string[]> {
  return recordsGrid(page)
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => header.querySelector('button span')?.textContent ?? ''),
    );
}

async function saveViewAs(page: Page, name: string) {
  await openMenu(page);
  await page.getByRole('button', { name: 'Save view as…' }).click();
  await page.getByLabel('Name of the view').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved: the address now names the view (what the last-screen memory then keeps).
  await expect(page).toHaveURL(/[?&]mine=/);
}

function tablesNav(page: Page) {
  return page.getByRole('navigation', { name: 'Workspace' }).getByRole('region', {
    name: 'Tables',
  });
}

/** Paid orders by amount, biggest first, as the grid pages them (100 first). */
async function paidByAmount(tableId: string): Promise<ApiRecord[]> {
  const first = await apiGet<{ records: ApiRecord[]; next_cursor: string | null }>(
    `/api/public/v1/tables/${tableId}/records`,
    { sort: 'amount:desc', 'filter[status]': 'paid', limit: '100' },
  );
  return first.records;
}

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

test('coming back to a table from the sidebar restores its sort, filters and row', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  await startConnected(page);
  await openRecordsTable(page, orders.id);
  await sortButton(page, 'amount').click();
  await filterInput(page, 'status').selectOption('paid');
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'ascending');
  await scrollToFirstRow(page, 60);
  const top = await topRecordId(page);
  await expect
    .poll(() => page.evaluate((name) => sessionStorage.getItem(name) ?? '', PLACES))
    .toContain(top);

  await tablesNav(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(new RegExp(`#/tables/${customers.id}$`));
  await expect(recordsGrid(page)).toBeVisible();

  await tablesNav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'ascending');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
  await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(60);
  expect(await topRecordId(page)).toBe(top);

  // A link that names its own view wins over the last one.
  await page.goto(`/#/tables/${orders.id}?sort=order_no:desc`);
  await expect(columnHeader(page, 'order_no')).toHaveAttribute('aria-sort', 'descending');
  await expect(filterInput(page, 'status')).toHaveValue('');
});

test('without “Remember on this device”, nothing outlives the tab', async ({ page, context }) => {
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  await startConnected(page);
  await openRecordsTable(page, customers.id);
  await sortButton(page, 'name').click();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'phone' }).uncheck();
  await page.keyboard.press('Escape');
  await saveViewAs(page, 'Tab-only view');
  await expect.poll(() => yourViewNames(page)).toEqual(['Tab-only view']);
  await openMenu(page);
  await expect(page.getByText('Your views are kept in this tab only')).toBeVisible();
  await page.keyboard.press('Escape');

  // Kept for the tab: in sessionStorage, none of it in localStorage.
  await expect.poll(async () => (await storedText(page)).session).toContain('Tab-only view');
  const stored = await storedText(page);
  for (const name of [YOURS, WHERE, LAYOUTS, 'Tab-only view', customers.id]) {
    expect(stored.local).not.toContain(name);
  }

  // Another tab of the same browser, with the same key: none of it.
  const second = await context.newPage();
  await startConnected(second);
  await second.goto('/');
  await expect(second).toHaveURL(/#\/tables\//);
  await expect(recordsGrid(second)).toBeVisible();
  const first = (await listTables())[0];
  await expect(second).toHaveURL(new RegExp(`#/tables/${first?.id}$`));
  await openRecordsTable(second, customers.id);
  expect(await yourViewNames(second)).toEqual([]);
  expect(await shownColumns(second)).toContain('phone');
  expect(orders.id).not.toBe('');
});

test.describe('the root address, through the fault proxy (a held reply)', () => {
  const served = dashboardBehindFaultProxy();

  test('returns to the last table and row, painted from the saved rows; Sign out clears', async ({
    page,
    context,
  }) => {
    const { host, proxy } = served;
    const orders = await tableNamed('Orders');
    // A workspace remembered on this device, served through the proxy.
    await page.addInitScript(
      ({ serviceUrl, apiKey }) => {
        if (localStorage.getItem('workspace-browser.workspaces') !== null) return;
        localStorage.setItem(
          'workspace-browser.workspaces',
          JSON.stringify({
            workspaces: [{ id: 'ws-e2e-your-views', name: null, serviceUrl, apiKey }],
            activeId: 'ws-e2e-your-views',
          }),
        );
      },
      { serviceUrl: proxy.url, apiKey: keys.full },
    );
    await page.goto(`${host.url}#/tables/${orders.id}?sort=amount:desc`);
    await expect(recordsGrid(page)).toBeVisible();
    await scrollToFirstRow(page, 150);
    const top = await topRecordId(page);
    await saveViewAs(page, 'Device view');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('workspace-browser.saved-views') ?? ''))
      .toContain(top);
    await expect.poll(async () => (await storedText(page)).local).toContain('Device view');
    // The last screen, kept on the device, is the saved view's address (written once the
    // address changed, a moment after the view itself).
    await expect
      .poll(() => page.evaluate((name) => localStorage.getItem(name) ?? '', WHERE))
      .toMatch(/mine=/);

    // A new tab at the dashboard's address, its records request held back.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    proxy.add({
      when: (request) => request.recordsOf === orders.id,
      fault: { kind: 'hold', until: released },
    });
    const again = await context.newPage();
    await again.goto(host.url);
    await expect(again).toHaveURL(new RegExp(`#/tables/${orders.id}\\?`));
    await expect(again).toHaveURL(/[?&]mine=/);
    await expect(recordsStatus(again)).toContainText(/Saved .+; refreshing…/);
    await expect.poll(async () => (await placeInGrid(again)).firstRow).toBe(150);
    expect(await topRecordId(again)).toBe(top);
    await expect(picker(again).locator('option:checked')).toHaveText('Device view');
    release();
    await expect(recordsStatus(again)).not.toContainText('refreshing');
    expect(await topRecordId(again)).toBe(top);
    proxy.clear();

    await again.getByRole('button', { name: 'Sign out' }).click();
    await expect(again).toHaveURL(/#\/connect/);
    const stored = await storedText(again);
    for (const text of [stored.session, stored.local]) {
      for (const name of [YOURS, WHERE, LAYOUTS, 'Device view', top]) {
        expect(text).not.toContain(name);
      }
    }
  });
});
