import type { Download } from '@playwright/test';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { type ApiRecord, allRecords, apiGet, tableNamed } from './support/api';
import { csvValueOf, downloadedText, openView, startExport } from './support/export';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
  // Chromium has the File System Access API; without a person to answer its file picker,
  // tests take the download path every other browser takes (Playwright sees the download).
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
});

test('exports a sorted, filtered view of Orders as CSV with a name for every customer: the API’s records, names looked up separately', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  const view = { sort: 'amount:desc', filters: { status: 'refunded', tags: 'gift' } };
  const expected = await allRecords(orders.id, view);
  // The names, each customer read on its own through the API, as a person would look them up.
  const names = new Map<string, string>();
  for (const id of new Set(expected.map((record) => record.fields.customer))) {
    if (typeof id !== 'string') continue;
    const customer = await apiGet<ApiRecord>(`/api/public/v1/tables/${customers.id}/records/${id}`);
    names.set(id, String(customer.fields.name));
  }
  expect(names.size).toBeGreaterThan(100);
  await openView(
    page,
    orders.id,
    '?sort=amount%3Adesc&filter%5Bstatus%5D=refunded&filter%5Btags%5D=gift',
  );

  // Hide a column: the file holds what the grid shows.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'notes' }).uncheck();
  await page.keyboard.press('Escape');

  const downloadEvent = page.waitForEvent('download');
  await startExport(page, 'CSV', { bom: true });
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^Orders \d{4}-\d{2}-\d{2}\.csv$/);
  const text = await downloadedText(download);
  expect(text.startsWith('\uFEFF')).toBe(true);

  const [header, ...rows] = parseCsv(text.slice(1));
  const columns = orders.columns.map((column) => column.name).filter((name) => name !== 'notes');
  // The link column becomes two: its names, then its ids.
  const headerColumns = columns.flatMap((name) =>
    name === 'customer' ? ['customer', 'customer id'] : [name],
  );
  expect(header).toEqual(['id', ...headerColumns, 'created_at', 'updated_at']);
  expect(rows).toEqual(
    expected.map((record) => [
      record.id,
      ...columns.flatMap((name) => {
        const value = record.fields[name];
        if (name !== 'customer') return [csvValueOf(value)];
        return [typeof value === 'string' ? (names.get(value) ?? '') : '', csvValueOf(value)];
      }),
      record.created_at,
      record.updated_at,
    ]),
  );
  // Every order with a customer has its name (none left empty, none an id).
  const nameAt = headerColumns.indexOf('customer') + 1;
  const withCustomer = expected.filter((record) => typeof record.fields.customer === 'string');
  expect(rows.filter((row) => (row[nameAt] ?? '') !== '')).toHaveLength(withCustomer.length);
  const done = page.getByRole('status').filter({ hasText: 'Exported' });
  await expect(done).toContainText(
    `Exported ${expected.length.toLocaleString('en-US')} records to ${download.suggestedFilename()}`,
  );
  await expect(done).not.toContainText('could not be read');
  // A complete export counted the view on the way.
  await expect(recordsStatus(page)).toContainText(
    `${expected.length.toLocaleString('en-US')} records in this view (counted)`,
  );
});

test('"Links as ids only" writes the customer column as ids, without names', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const view = { filters: { status: 'refunded', tags: 'gift' } };
  const expected = await allRecords(orders.id, view);
  await openView(page, orders.id, '?filter%5Bstatus%5D=refunded&filter%5Btags%5D=gift');
  const downloadEvent = page.waitForEvent('download');
  await startExport(page, 'CSV', { idsOnly: true });
  const [header, ...rows] = parseCsv(await downloadedText(await downloadEvent));
  expect(header).toEqual(['id', ...orders.columns.map((c) => c.name), 'created_at', 'updated_at']);
  const customerAt = (header ?? []).indexOf('customer');
  expect(rows.map((row) => row[customerAt])).toEqual(
    expected.map((record) => csvValueOf(record.fields.customer)),
  );
});

test('exports JSON Lines with each record’s visible fields as the API sends them, and <column>_label beside each link', async ({
  page,
}) => {
  const sink = await tableNamed('Kitchen sink');
  const customers = await tableNamed('Customers');
  const expected = await allRecords(sink.id, { sort: 'Title:asc' });
  // A link's name as the API gives it, read on its own; null where there is none to read.
  const nameOf = async (value: unknown): Promise<string | null> => {
    if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value)) return null;
    const customer = await apiGet<ApiRecord>(
      `/api/public/v1/tables/${customers.id}/records/${value}`,
    ).catch(() => null);
    return customer ? String(customer.fields.name) : null;
  };
  const expectedFields = async (record: ApiRecord) => {
    const fields: Record<string, unknown> = {};
    for (const column of sink.columns) {
      const value = record.fields[column.name] ?? null;
      fields[column.name] = value;
      if (column.type !== 'REFERENCE') continue;
      fields[`${column.name}_label`] = Array.isArray(value)
        ? await Promise.all(value.map(nameOf))
        : value === null
          ? null
          : await nameOf(value);
    }
    return fields;
  };
  const expectedLines = [];
  for (const record of expected) {
    expectedLines.push({
      id: record.id,
      fields: await expectedFields(record),
      created_at: record.created_at,
      updated_at: record.updated_at,
    });
  }
  expect(expectedLines.some((line) => typeof line.fields.Customer_label === 'string')).toBe(true);
  await openView(page, sink.id, '?sort=Title%3Aasc');

  const downloadEvent = page.waitForEvent('download');
  await startExport(page, 'JSON Lines');
  const text = await downloadedText(await downloadEvent);
  const lines = text.split('\n');
  expect(lines.pop()).toBe('');
  expect(lines.map((line) => JSON.parse(line))).toEqual(expectedLines);
});

test('an export can be cancelled midway: no file, and the grid kept working', async ({ page }) => {
  test.setTimeout(60_000);
  const orders = await tableNamed('Orders');
  await openView(page, orders.id);
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));

  // Hold the export's third page at the network until Cancel is clicked, so Cancel always
  // lands midway (the request still goes to the real server afterwards, or is dropped).
  let releaseHeldPage = () => {};
  const held = new Promise<void>((resolve) => {
    releaseHeldPage = resolve;
  });
  let exportPages = 0;
  let exporting = false;
  await page.route(/\/api\/public\/v1\/tables\/[^/]+\/records\?/, async (route) => {
    const url = new URL(route.request().url());
    // The grid's own first pages ask for 100; its view here is sorted by the time this counts.
    if (exporting && url.searchParams.get('limit') === '500' && !url.searchParams.has('sort')) {
      exportPages += 1;
      if (exportPages === 3) await held;
    }
    await route.continue().catch(() => {
      // Cancelled in the page meanwhile: nothing to continue.
    });
  });

  exporting = true;
  // Ids only: this is about the walk's pages; names would add their own requests first.
  await startExport(page, 'CSV', { idsOnly: true });
  const progress = page.getByRole('region', { name: 'Export progress' });
  await expect(progress.getByRole('progressbar', { name: 'Exporting records' })).toBeVisible();
  await expect(progress).toContainText('Exporting: 1,000 records');
  // The grid answers while the export runs.
  await page.getByRole('button', { name: 'amount', exact: true }).click();
  await expect(page).toHaveURL(/sort=amount%3Aasc/);

  await progress.getByRole('button', { name: 'Cancel export' }).click();
  releaseHeldPage();
  await expect(page.getByRole('status').filter({ hasText: 'Export cancelled' })).toContainText(
    'Export cancelled after 1,000 records; no file was saved.',
  );
  await expect(progress).toHaveCount(0);
  expect(downloads).toEqual([]);
});

test('Count gives the exact total of a filter, in the status line and as aria-rowcount', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const orders = await tableNamed('Orders');
  const expected = await allRecords(orders.id, { filters: { status: 'paid', tags: 'gift' } });
  await openView(page, orders.id, '?filter%5Bstatus%5D=paid&filter%5Btags%5D=gift');
  await expect(recordsStatus(page)).toContainText('more available');

  await page.getByRole('button', { name: 'Count', exact: true }).click();
  const total = expected.length.toLocaleString('en-US');
  await expect(recordsStatus(page)).toContainText(`${total} records in this view (counted)`);
  await expect(recordsGrid(page)).toHaveAttribute('aria-rowcount', String(expected.length + 1));

  // Cached for the view: leaving and coming back keeps the count without walking again.
  await page.getByRole('button', { name: 'order_no', exact: true }).click();
  await expect(recordsStatus(page)).not.toContainText('(counted)');
  await page.goBack();
  await expect(recordsStatus(page)).toContainText(`${total} records in this view (counted)`);
});

test('a column summary after Count matches the API’s data, and passes axe in dark mode', async ({
  page,
}) => {
  const customers = await tableNamed('Customers');
  const records = await allRecords(customers.id);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openView(page, customers.id);
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(recordsStatus(page)).toContainText(
    `${records.length} records in this view (counted)`,
  );

  // SELECT: value counts.
  await page.getByRole('button', { name: 'Summary of country' }).click();
  const panel = page.getByRole('dialog', { name: 'country' });
  await expect(panel).toContainText(`All ${records.length} records of this view`);
  const countries = new Map<string, number>();
  for (const record of records) {
    const country = record.fields.country;
    if (typeof country === 'string') countries.set(country, (countries.get(country) ?? 0) + 1);
  }
  for (const [country, count] of countries) {
    const name = new RegExp(`^${country.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${count} `);
    const row = panel.getByRole('row', { name });
    await expect(row).toHaveCount(1);
  }

  // NUMBER: min, max, median.
  await page.getByRole('button', { name: 'Summary of lifetime_value' }).click();
  const numbers = page.getByRole('dialog', { name: 'lifetime_value' });
  const values = records
    .map((record) => record.fields.lifetime_value)
    .filter((value): value is number => typeof value === 'number')
    .sort((a, b) => a - b);
  const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
  const middle = values.length >> 1;
  const median =
    values.length % 2
      ? (values[middle] as number)
      : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
  await expect(numbers.getByRole('definition').nth(0)).toHaveText(
    format.format(values[0] as number),
  );
  await expect(numbers.getByRole('definition').nth(1)).toHaveText(
    format.format(values[values.length - 1] as number),
  );
  await expect(numbers.getByRole('definition').nth(3)).toHaveText(format.format(median));
  await expect(numbers.getByRole('table')).toHaveCount(1);

  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(numbers).toHaveCount(0);
  // Focus goes back to the header control that opened it.
  await expect(page.getByRole('button', { name: 'Summary of lifetime_value' })).toBeFocused();
});

test('Escape closes the Export and Columns popovers, wherever focus is, and focus returns to their button', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openView(page, orders.id);
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  const csv = page.getByRole('radio', { name: 'CSV' });

  // Opened with a click, focus still on the button.
  await exportButton.click();
  await expect(csv).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(csv).toHaveCount(0);
  await expect(exportButton).toBeFocused();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');

  // Opened from the keyboard, focus inside the popover.
  await page.keyboard.press('Enter');
  await expect(csv).toBeVisible();
  await csv.focus();
  await page.keyboard.press('Escape');
  await expect(csv).toHaveCount(0);
  await expect(exportButton).toBeFocused();

  const columns = page.getByRole('button', { name: 'Columns' });
  await columns.click();
  await expect(page.getByRole('checkbox', { name: 'notes' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'notes' })).toHaveCount(0);
  await expect(columns).toBeFocused();
});
