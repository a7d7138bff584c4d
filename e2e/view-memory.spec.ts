import { listTables, tableNamed } from './support/api';
import { expect, keys, test } from './support/fixtures';
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
import {
  LAYOUTS,
  openMenu,
  PLACES,
  picker,
  saveViewAs,
  shownColumns,
  tablesNav,
  WHERE,
  YOURS,
  yourViewNames,
} from './support/your-views';

/**
 * Back where you were: a table's last view and row from the sidebar, the root address to
 * the last screen. Against the real reference server; the held reply is the fault proxy's.
 *
 * "Nothing outlives the tab" (without "Remember on this device"), as tested here: after a
 * view is saved, a column hidden and tables visited, localStorage holds none of it (no
 * view name, no kept views, last screens or layouts), and another tab of the same browser,
 * connected with the same key, has no views of its own and starts at the first table.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.setTimeout(90_000);

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
