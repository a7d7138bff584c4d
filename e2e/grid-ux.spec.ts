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

// Numbers and dates as the grid prints them here, whatever the machine's settings.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

test('filters say what they do, and a near miss is one click from the value meant', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(filterInput(page, 'email')).toHaveAttribute('placeholder', 'equals…');
  // A list column offers its options as containment.
  await expect(
    filterInput(page, 'tags').getByRole('option', { name: 'contains gift' }),
  ).toHaveCount(1);

  // The service's filters are exact: "Gift" finds nothing where "gift" exists.
  await openRecordsTable(page, orders.id, '?filter[tags]=Gift');
  await expect(page.getByText('No records match these filters')).toBeVisible();
  await expect(page.getByText('No orders where tags includes “Gift”.')).toBeVisible();
  const applied = nextRecordsRequest(page, orders.id, (r) => r.filters.tags === 'gift');
  await page.getByRole('button', { name: 'Did you mean “gift”?' }).click();
  expect((await applied).filters).toEqual({ tags: 'gift' });
  await expect(filterInput(page, 'tags')).toHaveValue('gift');
  await expect(recordsStatus(page)).toContainText('Orders where tags includes gift');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(3);
  for (const row of await drawnRows(page)) expect(row.cells.tags).toContain('gift');
});

test('a filter refused from a link is named in full above the grid; the good part applies and Remove restores every row', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id, '?filter[status]=paid&filter[customer]=Dana');

  const message = 'The filter on "customer" needs a record id (a UUID).';
  const banner = page
    .getByText('The service refused the filter on “customer” (“Dana”)')
    .locator('..');
  await expect(banner).toContainText(message);
  // The good part applies; the summary line never claims the refused filter.
  await expect(recordsStatus(page)).toContainText('Orders where status is paid,');
  await expect(recordsStatus(page)).not.toContainText('customer');
  for (const row of await drawnRows(page)) expect(row.cells.status).toBe('paid');
  // Nothing typed is lost.
  await expect(filterInput(page, 'customer')).toHaveValue('Dana');
  await expect(filterInput(page, 'customer')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Remove this filter' }).click();
  await expect(page.getByText('The service refused the filter')).toHaveCount(0);
  await expect(filterInput(page, 'customer')).toHaveValue('');
  expect(decodeURIComponent(page.url())).not.toContain('customer');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
  await expect(recordsStatus(page)).toContainText('Orders where status is paid,');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(5);
});

test('a refused sort from a link keeps the rows and is removed in one click', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id, '?sort=nope:desc&filter[status]=shipped');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The service refused the sort' }),
  ).toBeVisible();
  await expect(recordsStatus(page)).toContainText('Orders where status is shipped, in the order');
  await expect.poll(async () => (await drawnRows(page)).length).toBeGreaterThan(5);
  await page.getByRole('button', { name: 'Remove this sort' }).click();
  await expect(page.getByText('The service refused the sort')).toHaveCount(0);
  expect(decodeURIComponent(page.url())).not.toContain('nope');
  await expect(filterInput(page, 'status')).toHaveValue('shipped');
});

test.describe('copy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Ctrl+C copies the focused cell; the panel copies a field, the row as TSV and a link, and steps to the next record', async ({
    page,
  }) => {
    const team = await tableNamed('Team');
    const records = await allRecords(team.id);
    const [first, second] = records;
    if (!first || !second) throw new Error('Team has fewer than two records');
    await openRecordsTable(page, team.id);
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    const nameCell = recordsGrid(page).getByRole('gridcell', {
      name: String(first.fields.name),
      exact: true,
    });
    await nameCell.focus();
    await page.keyboard.press('ControlOrMeta+c');
    await expect(page.getByText('Copied name to the clipboard.')).toBeVisible();
    expect(await clipboard()).toBe(String(first.fields.name));

    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: String(first.fields.name), exact: true });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Copy email' }).click();
    await expect(panel.getByRole('status')).toHaveText('Copied email to the clipboard.');
    expect(await clipboard()).toBe(String(first.fields.email));

    await panel.getByRole('button', { name: 'Copy as TSV' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Copied the record as tab-separated values to the clipboard.',
    );
    const [header, values] = (await clipboard()).split('\n');
    const names = header?.split('\t') ?? [];
    const cells = values?.split('\t') ?? [];
    expect(names[0]).toBe('id');
    expect(cells[0]).toBe(first.id);
    expect(cells[names.indexOf('name')]).toBe(String(first.fields.name));
    expect(cells[names.indexOf('email')]).toBe(String(first.fields.email));

    await panel.getByRole('button', { name: 'Copy link' }).click();
    const link = await clipboard();
    expect(link).toContain(`#/tables/${team.id}/records/${first.id}`);

    // Next, by button and back by keyboard, announced.
    await panel.getByRole('button', { name: /Next/ }).click();
    const secondPanel = page.getByRole('dialog', { name: String(second.fields.name), exact: true });
    await expect(secondPanel).toBeVisible();
    await expect(secondPanel.getByRole('status')).toContainText(
      `${String(second.fields.name)}: record 2 of`,
    );
    await page.keyboard.press('Alt+ArrowUp');
    await expect(panel).toBeVisible();

    // The copied link opens that record on its own.
    await page.goto(link);
    await expect(
      page.getByRole('dialog', { name: String(first.fields.name), exact: true }),
    ).toBeVisible();
  });
});
