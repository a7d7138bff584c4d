import { allRecords, listRecords, tableNamed } from './support/api';
import { expect, keys, test } from './support/fixtures';
import { drawnRows, numberInCell, recordsGrid, recordsStatus } from './support/records-grid';
import { type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';

test.describe.configure({ timeout: 90_000 });

test('a customer’s panel says how many orders link to it, and its link opens exactly those orders', async ({
  page,
}) => {
  await startConnected(page);
  const customers = await tableNamed('Customers');
  const orders = await tableNamed('Orders');
  const [customer] = (await listRecords(customers.id, { limit: 1 })).records;
  if (!customer) throw new Error('the demo has no customers');
  // Counted through the API: every page of filter[customer]=<id>.
  const theirOrders = await allRecords(orders.id, { filters: { customer: customer.id } });
  expect(theirOrders.length).toBeGreaterThan(0);
  expect(theirOrders.length).toBeLessThan(500);
  const count = theirOrders.length.toLocaleString('en-US');

  await page.goto(`/#/tables/${customers.id}/records/${customer.id}`);
  const panel = page.getByRole('dialog', { name: String(customer.fields.name) });
  const linkedFrom = panel.getByRole('region', { name: 'Linked from' });
  const link = linkedFrom.getByRole('link', { name: `Orders (${count})`, exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(linkedFrom).toContainText('through customer');
  // Kitchen sink links here through two columns: each is its own line when one of its records
  // points at this customer, and no line at all when none does ("Kitchen sink (0)" is no link).
  const sink = await tableNamed('Kitchen sink');
  const sinkColumns = sink.columns.filter(
    (column) => column.type === 'REFERENCE' && column.settings?.table_id === customers.id,
  );
  expect(sinkColumns).toHaveLength(2);
  const sinkLinking: number[] = [];
  for (const column of sinkColumns) {
    const linking = await allRecords(sink.id, { filters: { [column.name]: customer.id } });
    if (linking.length > 0) sinkLinking.push(linking.length);
  }
  await expect(linkedFrom).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(linkedFrom.getByRole('link', { name: /^Kitchen sink \(/ })).toHaveText(
    sinkLinking.map((n) => `Kitchen sink (${n.toLocaleString('en-US')})`),
  );
  await expect(linkedFrom).not.toContainText('(0)');

  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/tables/${orders.id}\\?`));
  expect(decodeURIComponent(page.url())).toContain(`filter[customer]=${customer.id}`);
  await expect(recordsGrid(page)).toBeVisible();
  await expect(recordsStatus(page)).toContainText(
    `Orders where customer is ${customer.fields.name}`,
  );
  await expect
    .poll(async () =>
      (await drawnRows(page)).slice(0, 5).map((row) => numberInCell(row.cells.order_no)),
    )
    .toEqual(theirOrders.slice(0, 5).map((order) => order.fields.order_no));
  // Exactly those orders: the view's own count equals the API's.
  await page.getByRole('button', { name: 'Count', exact: true }).click();
  await expect(recordsStatus(page)).toContainText(`${count} records in this view (counted)`);
});

test('a table’s page names the tables that link to it', async ({ page }) => {
  await startConnected(page);
  const customers = await tableNamed('Customers');
  const orders = await tableNamed('Orders');
  await page.goto(`/#/tables/${customers.id}`);
  const list = page.getByRole('list', { name: 'Tables that link to this one' });
  await list.getByRole('link', { name: 'Orders (customer)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/tables/${orders.id}$`));
});

test('with the demo’s people directory, the board shows names and the assignee filter lists them', async ({
  page,
}) => {
  await startConnected(page);
  // The directory config.json names: Team's member_id → name.
  const team = await tableNamed('Team');
  const names = new Map(
    (await allRecords(team.id)).map((r) => [String(r.fields.member_id), String(r.fields.name)]),
  );
  const tasks = await allOf<ApiTask>('tasks');
  // Outside the backlog every column fits its first page: their cards are all drawn.
  const drawn = tasks.filter((task) => task.status !== 'backlog');
  const assigned = drawn.find((task) => task.assignee_user_id !== null);
  const botTask = drawn.find((task) => task.assignee_bot_id !== null);
  if (!assigned?.assignee_user_id || !botTask?.assignee_bot_id) {
    throw new Error('the demo has no assigned tasks');
  }
  const userName = names.get(assigned.assignee_user_id);
  const botName = names.get(botTask.assignee_bot_id);
  expect(userName).toBeDefined();

  await page.goto('/#/tasks?view=board');
  const card = page.getByRole('article').filter({ hasText: assigned.name });
  await expect(card).toContainText(String(userName));
  await expect(card.getByText(String(userName), { exact: true })).toHaveAttribute(
    'translate',
    'no',
  );
  await expect(page.getByRole('article').filter({ hasText: botTask.name })).toContainText(
    `${botName} (bot)`,
  );
  await expect(page.getByText(/Unnamed (user|bot)/)).toHaveCount(0);

  // The filter lists every assignee seen on the board, by name (acme's three users and two bots).

  const filter = page.getByRole('combobox', { name: 'Assignee' });
  const assignees = new Set(
    drawn.flatMap((task) => [task.assignee_user_id, task.assignee_bot_id]).filter((id) => id),
  );
  const expected = [...assignees].map((id) => {
    const kindOf = drawn.some((task) => task.assignee_bot_id === id) ? ' (bot)' : '';
    return `${names.get(String(id))}${kindOf}`;
  });
  expect(expected).toHaveLength(5);
  await expect
    .poll(async () => (await filter.locator('option').allTextContents()).slice(1).sort())
    .toEqual(expected.sort());
  await filter.selectOption({ label: String(userName) });
  await expect(page).toHaveURL(new RegExp(`assignee=${assigned.assignee_user_id}`));
});

test('Who is this? names an id on this device, and the board shows it', async ({ page }) => {
  // The demo's directory is acme's Team table: globex's assignees are unnamed, and the
  // dialog says why.
  await startConnected(page, keys.globex);
  const tasks = await allOf<ApiTask>('tasks', {}, keys.globex);
  const assigned = tasks.find((task) => task.assignee_user_id !== null);
  if (!assigned?.assignee_user_id) throw new Error('globex has no task assigned to a user');
  const short = `${assigned.assignee_user_id.slice(0, 8)}…`;

  await page.goto('/#/tasks?view=board');
  const card = page.getByRole('article').filter({ hasText: assigned.name });
  await expect(card).toContainText(`Unnamed user ${short}`);
  await card.getByRole('button', { name: `Who is this? Name user ${short}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Who is this?' });
  await expect(dialog).toContainText(assigned.assignee_user_id);
  await expect(dialog).toContainText(
    'The people directory could not be read: this workspace has no such table',
  );
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Hank Scorpio');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();

  // Every card of that user, and the filter, now say the name.
  const sameUser = tasks.filter((task) => task.assignee_user_id === assigned.assignee_user_id);
  for (const task of sameUser.slice(0, 3)) {
    const other = page.getByRole('article').filter({ hasText: task.name });
    if ((await other.count()) > 0) await expect(other).toContainText('Hank Scorpio');
  }
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toContainText('Hank Scorpio');
  // Kept for this tab (the workspace is not remembered on this device): a reload keeps it.
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: assigned.name })).toContainText(
    'Hank Scorpio',
  );
});
