import type { Page, Request } from '@playwright/test';
import { type ApiRecord, apiGet, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import {
  columnHeader,
  filterInput,
  firstNumbers,
  recordsGrid,
  recordsStatus,
  sortButton,
} from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

interface ApiView {
  id: string;
  name: string;
  is_default: boolean;
  settings: { columns: string[]; sort: string | null; filters: Record<string, string> };
}

async function viewsOf(tableId: string): Promise<ApiView[]> {
  return (await apiGet<{ views: ApiView[] }>(`/api/public/v1/tables/${tableId}`)).views;
}

/** The next records list request of the table, as its query parameters. */
function nextListRequest(
  page: Page,
  tableId: string,
  matches: (params: URLSearchParams) => boolean = () => true,
): Promise<URLSearchParams> {
  const path = `/api/public/v1/tables/${tableId}/records`;
  return page
    .waitForRequest((request: Request) => {
      const url = new URL(request.url());
      return url.pathname === path && matches(url.searchParams);
    })
    .then((request) => new URL(request.url()).searchParams);
}

/** The column headers the grid shows, in order. */
async function shownColumns(page: Page): Promise<string[]> {
  return recordsGrid(page)
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => header.querySelector('button span')?.textContent ?? ''),
    );
}

test('the view picker sends view=, and shows the view’s columns, sort and filter', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const views = await viewsOf(orders.id);
  const paid = views.find((view) => view.name === 'Paid, biggest first');
  if (!paid) throw new Error('the demo seed has no "Paid, biggest first" view');
  const expected = await apiGet<{ records: ApiRecord[] }>(
    `/api/public/v1/tables/${orders.id}/records`,
    { view: paid.id, limit: '5' },
  );

  await page.goto(`/#/tables/${orders.id}`);
  const picker = page.getByRole('combobox', { name: 'View' });
  await expect(picker).toHaveValue(views.find((view) => view.is_default)?.id ?? '');
  await expect(page.getByText('Orders · All orders', { exact: true })).toBeVisible();

  const request = nextListRequest(page, orders.id, (params) => params.has('view'));
  await picker.selectOption({ label: 'Paid, biggest first' });
  const sent = await request;
  expect(sent.get('view')).toBe(paid.id);
  expect(sent.get('sort')).toBeNull();
  expect(sent.get('cursor')).toBeNull();
  await expect(page).toHaveURL(new RegExp(`[?&]view=${paid.id}`));

  await expect.poll(() => shownColumns(page)).toEqual(paid.settings.columns);
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
  await expect(page.getByText('Orders · Paid, biggest first', { exact: true })).toBeVisible();
  await expect(recordsStatus(page)).toContainText('Orders where status is paid, sorted by amount');
  await expect
    .poll(() => firstNumbers(page, 'amount', 5))
    .toEqual(expected.records.map((record) => record.fields.amount));

  expect(await seriousAxeViolations(page)).toEqual([]);

  // The view is in the URL: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue(paid.id);
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
});

test('sorting by hand marks the view changed, and "Back to" restores it', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const paid = (await viewsOf(orders.id)).find((view) => view.name === 'Paid, biggest first');
  if (!paid) throw new Error('the demo seed has no "Paid, biggest first" view');
  await page.goto(`/#/tables/${orders.id}?view=${paid.id}`);
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');

  const request = nextListRequest(
    page,
    orders.id,
    (params) => params.get('sort') === 'order_no:asc',
  );
  await sortButton(page, 'order_no').click();
  const sent = await request;
  // The whole hand-made view is sent: the view's filter stays, its sort is replaced.
  expect(sent.get('filter[status]')).toBe('paid');
  await expect(
    page.getByText('Orders · Paid, biggest first (changed)', { exact: true }),
  ).toBeVisible();
  await expect(columnHeader(page, 'order_no')).toHaveAttribute('aria-sort', 'ascending');
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'none');

  await page.getByRole('button', { name: 'Back to “Paid, biggest first”' }).click();
  await expect(page.getByText('Orders · Paid, biggest first', { exact: true })).toBeVisible();
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(new RegExp(`\\?view=${paid.id}$`));
});

test('a view naming a column that no longer exists opens, skips it and says so', async ({
  page,
}) => {
  const customers = await tableNamed('Customers');
  const callList = (await viewsOf(customers.id)).find((view) => view.name === 'Call list');
  if (!callList) throw new Error('the demo seed has no "Call list" view');
  await page.goto(`/#/tables/${customers.id}`);
  await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'Call list' });
  await expect(page.getByText(/names a column this table no longer has \(“fax”\)/)).toBeVisible();
  await expect.poll(() => shownColumns(page)).toEqual(['name', 'phone', 'country']);
  await expect(columnHeader(page, 'name')).toHaveAttribute('aria-sort', 'ascending');
});
