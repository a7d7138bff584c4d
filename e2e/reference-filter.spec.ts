import { allRecords, listRecords, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import {
  drawnRows,
  filterInput,
  nextRecordsRequest,
  numberInCell,
  openRecordsTable,
  recordsStatus,
} from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// An axe pass takes seconds; on a busy machine two of them plus the page loads can pass 30 s.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/** A customer of the first order whose name no other customer has, and a part of that name. */
async function customerToFind() {
  const [orders, customers] = await Promise.all([tableNamed('Orders'), tableNamed('Customers')]);
  const everyCustomer = await allRecords(customers.id);
  const nameOf = (id: unknown) => String(everyCustomer.find((c) => c.id === id)?.fields.name);
  const sameName = (name: string) => everyCustomer.filter((c) => c.fields.name === name).length;
  const { records } = await listRecords(orders.id, { limit: 100 });
  const order = records.find((o) => sameName(nameOf(o.fields.customer)) === 1);
  if (!order) throw new Error('no order of a customer with a name of their own in the first 100');
  const id = String(order.fields.customer);
  const name = nameOf(id);
  // The last name without its first letter: a part, not the start, of the name.
  const part = (name.split(' ').at(-1) ?? name).slice(1).toLowerCase();
  return { orders, customers, id, name, part };
}

test('a customer is found by part of the name, chosen by keyboard, and filters the orders by its id; the name stays after reload', async ({
  page,
}) => {
  const { orders, id, name, part } = await customerToFind();
  await openRecordsTable(page, orders.id);
  const input = filterInput(page, 'customer');
  await expect(input).toHaveRole('combobox');

  await input.fill(part);
  const listbox = page.getByRole('listbox', { name: 'Customers' });
  await expect(listbox).toBeVisible();
  const wanted = listbox.getByRole('option', { name, exact: true });
  await expect(wanted).toBeVisible();
  // Every offered customer's name contains what was typed, whatever its case.
  for (const option of await listbox.getByRole('option').allTextContents()) {
    expect(option.toLowerCase()).toContain(part);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Down the list to the customer, then Enter.
  await input.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  const wantedId = await wanted.getAttribute('id');
  for (let step = 0; step < 60; step++) {
    if ((await input.getAttribute('aria-activedescendant')) === wantedId) break;
    await input.press('ArrowDown');
  }
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
  const filtered = nextRecordsRequest(page, orders.id, (r) => r.filters.customer !== undefined);
  await input.press('Enter');

  // The service is asked for the record's id, never the text typed.
  expect((await filtered).filters).toEqual({ customer: id });
  await expect(listbox).toBeHidden();
  await expect(input).toHaveValue(name);
  await expect(recordsStatus(page)).toContainText(`Orders where customer is ${name},`);
  await expect(recordsStatus(page)).not.toContainText(id);
  await expect
    .poll(async () => {
      const rows = await drawnRows(page);
      return rows.length > 0 && rows.every((row) => row.cells.customer === name);
    })
    .toBe(true);
  const theirOrders = await listRecords(orders.id, { filters: { customer: id }, limit: 5 });
  const firstOrderNos = (await drawnRows(page))
    .slice(0, 5)
    .map((row) => numberInCell(row.cells.order_no));
  expect(firstOrderNos).toEqual(theirOrders.records.map((o) => o.fields.order_no));
  expect(decodeURIComponent(page.url())).toContain(`filter[customer]=${id}`);

  await page.reload();
  await expect(filterInput(page, 'customer')).toHaveValue(name);
  await expect(recordsStatus(page)).toContainText(`Orders where customer is ${name},`);
});

test('a link with a customer id shows the name; pasting an id works; Enter on text that fits several says so and sends nothing', async ({
  page,
}) => {
  const { orders, customers, id, name } = await customerToFind();
  await openRecordsTable(page, orders.id, `?filter[customer]=${id}`);
  const input = filterInput(page, 'customer');
  await expect(input).toHaveValue(name);
  await expect(recordsStatus(page)).toContainText(`Orders where customer is ${name},`);

  // Text that fits several customers is not sent as an id (the service would refuse it).
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes(`/tables/${orders.id}/records`)) sent.push(url);
  });
  await input.fill('a');
  await input.press('Enter');
  await expect(input).toHaveAccessibleDescription(/customers fit “a”: choose one from the list\./);
  expect(sent).toEqual([]);
  await input.press('Escape');
  await expect(input).toHaveValue(name);

  // A pasted id applies as it is, and is then named.
  const other = (await listRecords(customers.id, { limit: 1 })).records[0];
  if (!other) throw new Error('no customers');
  const filtered = nextRecordsRequest(page, orders.id, (r) => r.filters.customer === other.id);
  await input.fill(other.id);
  await input.press('Enter');
  await filtered;
  await expect(input).toHaveValue(String(other.fields.name));
});

test('the open customer list has no serious axe violations in the dark scheme', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const { orders, name, part } = await customerToFind();
  await openRecordsTable(page, orders.id);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await filterInput(page, 'customer').fill(part);
  await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  await filterInput(page, 'customer').press('ArrowDown');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
