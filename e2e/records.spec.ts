import { type ApiRecord, allRecords, firstRecords, listRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import {
  columnHeader,
  drawnRows,
  filterInput,
  firstNumbers,
  firstValues,
  loadedCountOf,
  nextRecordsRequest,
  numberInCell,
  openRecordsTable,
  recordRecordsRequests,
  recordsGrid,
  recordsRequestOf,
  recordsStatus,
  scrollGridUntil,
  sortButton,
} from './support/records-grid';
import { startConnected } from './support/session';

// Numbers and dates as the grid prints them here, whatever the machine's settings.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

test('a table opens from the sidebar', async ({ page }) => {
  const team = await tableNamed('Team');
  const records = await allRecords(team.id);
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Workspace' });
  await sidebar.getByRole('link', { name: 'Team', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`#/tables/${team.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(recordsStatus(page)).toContainText(`All ${records.length} records`);
  await expect
    .poll(() => firstValues(page, 'name', records.length))
    .toEqual(records.map((record) => record.fields.name));
});

test('clicking a header sorts on the server, ascending then descending', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'none');

  const orderNos = (records: ApiRecord[]) => records.map((r) => r.fields.order_no);
  const amounts = (records: ApiRecord[]) => records.map((r) => r.fields.amount);

  for (const direction of ['asc', 'desc'] as const) {
    const request = nextRecordsRequest(page, orders.id, (r) => r.sort === `amount:${direction}`);
    await sortButton(page, 'amount').click();
    const sent = await request;
    expect(sent.cursor).toBeNull();
    expect(sent.filters).toEqual({});

    await expect(columnHeader(page, 'amount')).toHaveAttribute(
      'aria-sort',
      direction === 'asc' ? 'ascending' : 'descending',
    );
    await expect(recordsStatus(page)).toContainText(
      `sorted by amount, ${direction === 'asc' ? 'lowest first' : 'highest first'}`,
    );
    const expected = (await listRecords(orders.id, { sort: `amount:${direction}`, limit: 10 }))
      .records;
    await expect.poll(() => firstNumbers(page, 'order_no', 10)).toEqual(orderNos(expected));
    expect(await firstNumbers(page, 'amount', 10)).toEqual(amounts(expected));
    expect(page.url()).toContain(`sort=amount%3A${direction}`);
  }

  // A third click removes the sort: back to the order records were added in.
  await sortButton(page, 'amount').click();
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'none');
  await expect(recordsStatus(page)).toContainText('Orders, in the order they were added');
  const unsorted = (await listRecords(orders.id, { limit: 10 })).records;
  await expect.poll(() => firstNumbers(page, 'order_no', 10)).toEqual(orderNos(unsorted));
});

test('typed filters narrow the rows, combine, and clear', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  const email = 'buyer75@example.com';

  const byEmail = nextRecordsRequest(page, orders.id, (r) => r.filters.email === email);
  await filterInput(page, 'email').pressSequentially(email);
  const sent = await byEmail;
  expect(sent.filters).toEqual({ email });
  await expect(recordsStatus(page)).toContainText(`Orders where email is ${email}`);
  const emailRows = await listRecords(orders.id, { filters: { email }, limit: 10 });
  await expect
    .poll(() => firstNumbers(page, 'order_no', 10))
    .toEqual(emailRows.records.map((r) => r.fields.order_no));
  for (const row of await drawnRows(page)) expect(row.cells.email).toBe(email);

  // A second filter, chosen from the status list, is ANDed with the first.
  const both = { email, status: 'refunded' };
  const expected = await allRecords(orders.id, { filters: both });
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(20);
  const byBoth = nextRecordsRequest(page, orders.id, (r) => r.filters.status === 'refunded');
  await filterInput(page, 'status').selectOption('refunded');
  expect((await byBoth).filters).toEqual(both);
  await expect(recordsStatus(page)).toContainText(
    `Orders where email is ${email} and status is refunded`,
  );
  await expect(recordsStatus(page)).toContainText(`All ${expected.length} records`);
  await expect
    .poll(async () => (await drawnRows(page)).map((row) => numberInCell(row.cells.order_no)))
    .toEqual(expected.map((r) => r.fields.order_no));
  for (const row of await drawnRows(page)) {
    expect(row.cells).toMatchObject({ email, status: 'refunded' });
  }

  // Clearing the email filter keeps the status one.
  const statusOnly = nextRecordsRequest(page, orders.id, (r) => r.filters.email === undefined);
  await page.getByRole('button', { name: 'Clear filter email', exact: true }).click();
  expect((await statusOnly).filters).toEqual({ status: 'refunded' });
  await expect(filterInput(page, 'email')).toHaveValue('');
  await expect(filterInput(page, 'status')).toHaveValue('refunded');
  await expect(recordsStatus(page)).toContainText('Orders where status is refunded,');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(5);
  for (const row of await drawnRows(page)) expect(row.cells.status).toBe('refunded');

  await filterInput(page, 'status').selectOption('');
  await expect(recordsStatus(page)).toContainText('Orders, in the order they were added');
  expect(page.url()).not.toContain('filter');
});

test('a filter value the service can’t read is explained under its input; other filters stay', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id, '?filter[status]=paid');
  await expect(recordsStatus(page)).toContainText('Orders where status is paid');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(5);

  // Typed: a customer is chosen by name (e2e/reference-filter.spec.ts); text that names no
  // customer is said under the input and never sent as an id (the service would refuse it).
  const sent = recordRecordsRequests(page);
  await filterInput(page, 'customer').fill('acme');
  await filterInput(page, 'customer').press('Enter');
  await expect(filterInput(page, 'customer')).toHaveAccessibleDescription(
    'No customers named “acme”; nothing applied.',
  );
  expect(sent.filter((request) => 'customer' in request.filters)).toEqual([]);
  await expect(filterInput(page, 'customer')).toHaveValue('acme');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
  await expect(recordsStatus(page)).toContainText('Orders where status is paid,');

  // Through a link: a date column given garbage.
  await openRecordsTable(page, orders.id, '?filter[status]=paid&filter[ordered_at]=garbage');
  const dateMessage = /The filter on "ordered_at" needs a date \(2026-03-01\)/;
  await expect(columnHeader(page, 'ordered_at').getByRole('alert')).toHaveText(dateMessage);
  await expect(filterInput(page, 'ordered_at')).toHaveAttribute('aria-invalid', 'true');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
  expect(decodeURIComponent(page.url())).toContain('filter[status]=paid');

  // Clearing the bad filter brings the rows of the good one.
  await page.getByRole('button', { name: 'Clear filter ordered_at', exact: true }).click();
  await expect(columnHeader(page, 'ordered_at').getByRole('alert')).toHaveCount(0);
  await expect(recordsStatus(page)).toContainText('Orders where status is paid,');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(5);
  for (const row of await drawnRows(page)) expect(row.cells.status).toBe('paid');
});

test('scrolling loads further pages, each cursor once, and says "Loading more…"', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const requests = recordRecordsRequests(page);
  await openRecordsTable(page, orders.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded');

  // Hold the first next-page request at the browser so "Loading more…" can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const isNextPage = (url: URL) => recordsRequestOf(url.href)?.cursor != null;
  await page.route(isNextPage, async (route) => {
    await held;
    await route.continue();
  });
  await scrollGridUntil(page, async () =>
    ((await recordsStatus(page).textContent()) ?? '').includes('Loading more…'),
  );
  release();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(recordsStatus(page)).toContainText('600 records loaded');

  await scrollGridUntil(page, async () => ((await loadedCountOf(page)) ?? 0) >= 1_600);

  const ofThisView = requests.filter(
    (r) => r.tableId === orders.id && r.sort === null && Object.keys(r.filters).length === 0,
  );
  const firstPages = ofThisView.filter((r) => r.cursor === null);
  const cursors = ofThisView.flatMap((r) => (r.cursor === null ? [] : [r.cursor]));
  expect(firstPages).toHaveLength(1);
  expect(cursors.length).toBeGreaterThanOrEqual(3);
  expect(new Set(cursors).size).toBe(cursors.length);
  expect(new Set(ofThisView.map((r) => r.search)).size).toBe(ofThisView.length);

  // The rows drawn now, far down, are the API's rows at those positions: no gap, no repeat.
  const drawn = await drawnRows(page);
  expect(drawn.length).toBeGreaterThan(5);
  const upToHere = await firstRecords(orders.id, (drawn.at(-1)?.index ?? 0) + 1);
  expect(drawn.map((row) => numberInCell(row.cells.order_no))).toEqual(
    drawn.map((row) => upToHere[row.index]?.fields.order_no),
  );
});

test('scrolling to the end of a smaller table says all records are loaded', async ({ page }) => {
  const customers = await tableNamed('Customers');
  const records = await allRecords(customers.id);
  expect(records.length).toBeGreaterThan(100);
  await openRecordsTable(page, customers.id);
  await expect(recordsStatus(page)).toContainText('100 records loaded · more available');

  await scrollGridUntil(
    page,
    async () => (await drawnRows(page)).at(-1)?.index === records.length - 1,
  );
  await expect(recordsStatus(page)).toContainText(`All ${records.length} records`);
  await expect(recordsGrid(page)).toHaveAttribute('aria-rowcount', String(records.length + 1));
  await expect(page.getByRole('button', { name: 'Jump to end' })).toHaveCount(0);
  const last = records.at(-1);
  const lastDrawn = (await drawnRows(page)).at(-1);
  expect(lastDrawn?.index).toBe(records.length - 1);
  expect(lastDrawn?.cells.name).toBe(last?.fields.name);
  expect(numberInCell(lastDrawn?.cells.customer_no)).toBe(last?.fields.customer_no);
});

test.describe('the row panel', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('opens on click or Enter with every field, copies JSON, and closes on Escape', async ({
    page,
  }) => {
    const team = await tableNamed('Team');
    const records = await allRecords(team.id);
    const [first, second] = records;
    if (!first || !second) throw new Error('Team has fewer than two records');
    await openRecordsTable(page, team.id);

    await recordsGrid(page)
      .getByRole('gridcell', { name: String(first.fields.name), exact: true })
      .click();
    // Named after the record's primary column (Team: name); its id under Technical details.
    const panel = page.getByRole('dialog', { name: String(first.fields.name), exact: true });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading')).toHaveText(String(first.fields.name));
    await expect(panel.getByText(first.id, { exact: true })).toBeHidden();
    // Focus moves into the panel as it opens, so Escape and Tab act on it at once.
    await expect(panel.getByRole('button', { name: 'Close record' })).toBeFocused();
    await expect(panel.getByRole('term')).toContainText(team.columns.map((column) => column.name));
    for (const column of team.columns) {
      const value = String(first.fields[column.name]);
      await expect(panel).toContainText(value);
    }
    await expect(panel.getByRole('link', { name: String(first.fields.email) })).toHaveAttribute(
      'href',
      `mailto:${first.fields.email}`,
    );

    await panel.getByRole('button', { name: 'Copy as JSON' }).click();
    await expect(panel.getByRole('status')).toHaveText('Copied to the clipboard.');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toMatchObject({ id: first.id, fields: first.fields });

    // The id, as stored, is one disclosure away and copies as it is.
    await panel.getByText('Technical details', { exact: true }).click();
    await expect(panel.getByText(first.id, { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Copy the record id' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.id);

    // Escape closes it and puts focus back on the row it came from.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const focusedRow = recordsGrid(page).locator('[role="row"]:has([role="gridcell"]:focus)');
    await expect(focusedRow).toContainText(String(first.fields.name));

    // From the keyboard: down one row, Enter.
    await page.keyboard.press('ArrowDown');
    await expect(focusedRow).toContainText(String(second.fields.name));
    await page.keyboard.press('Enter');
    const secondPanel = page.getByRole('dialog', { name: String(second.fields.name), exact: true });
    await expect(secondPanel).toBeVisible();
    await expect(secondPanel.getByRole('button', { name: 'Close record' })).toBeFocused();
    await expect(secondPanel).toContainText(String(second.fields.role));
    await page.keyboard.press('Escape');
    await expect(secondPanel).toBeHidden();
  });
});

test('a sorted, filtered deep link shows the same view, also after a reload', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const view = { sort: 'amount:desc', filters: { status: 'paid', tags: 'gift' } };
  const expected = (await listRecords(orders.id, { ...view, limit: 10 })).records;

  for (const load of ['link', 'reload'] as const) {
    const request = nextRecordsRequest(page, orders.id);
    if (load === 'link') {
      await page.goto(
        `/#/tables/${orders.id}?sort=amount:desc&filter[status]=paid&filter[tags]=gift`,
      );
    } else {
      await page.reload();
    }
    const sent = await request;
    expect({ sort: sent.sort, filters: sent.filters }).toEqual(view);
    await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(filterInput(page, 'status')).toHaveValue('paid');
    await expect(filterInput(page, 'tags')).toHaveValue('gift');
    await expect(recordsStatus(page)).toContainText(
      'Orders where status is paid and tags includes gift, sorted by amount, highest first',
    );
    await expect
      .poll(() => firstNumbers(page, 'order_no', 10))
      .toEqual(expected.map((r) => r.fields.order_no));
  }
});
