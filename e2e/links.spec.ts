import type { Page } from '@playwright/test';
import { type ApiRecord, allRecords, apiGet, listRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

const ONE_RECORD_PATH = /^\/api\/public\/v1\/tables\/([^/]+)\/records\/([^/]+)$/;

/** Every one-record request (a REFERENCE label) the page sends from now on, as "<table>/<record>". */
function recordLabelRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = ONE_RECORD_PATH.exec(new URL(request.url()).pathname);
    if (match) seen.push(`${match[1]}/${match[2]}`);
  });
  return seen;
}

test('a REFERENCE cell shows the customer by name, and clicking it opens that customer', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  const [first] = (await listRecords(orders.id, { limit: 1 })).records;
  const customerId = first?.fields.customer as string;
  const customer = await apiGet<ApiRecord>(
    `/api/public/v1/tables/${customers.id}/records/${customerId}`,
  );
  const name = customer.fields.name as string;

  await page.goto(`/#/tables/${orders.id}`);
  const firstRow = recordsGrid(page).locator('tbody [role="row"][aria-rowindex="2"]');
  const link = firstRow.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `#/tables/${customers.id}/records/${customerId}`);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/tables/${customers.id}/records/${customerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  await panel.getByText('Technical details', { exact: true }).click();
  await expect(panel.getByText(customerId, { exact: true })).toBeVisible();
  await expect(panel).toContainText(customer.fields.email as string);

  // The record's URL survives a reload; Escape closes it and leaves the table.
  await page.reload();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/tables/${customers.id}$`));
});

test('scrolling Orders asks for no more labels than distinct customers drawn, each once', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  const requests = recordLabelRequests(page);
  await page.goto(`/#/tables/${orders.id}`);
  await expect(recordsStatus(page)).toContainText('100 records loaded');

  // Every customer link the grid ever draws, however briefly (a MutationObserver in the page).
  const prefix = `#/tables/${customers.id}/records/`;
  await recordsGrid(page).evaluate((grid, hrefPrefix) => {
    const drawn = new Set<string>();
    const selector = `a[href^="${hrefPrefix}"]`;
    const note = (root: Element) => {
      // The root too: a recycled row keeps its link element and changes its href.
      const links = root.matches(selector)
        ? [root, ...root.querySelectorAll(selector)]
        : root.querySelectorAll(selector);
      for (const link of links) {
        drawn.add(link.getAttribute('href')?.slice(hrefPrefix.length) ?? '');
      }
    };
    note(grid);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) if (node instanceof Element) note(node);
        if (mutation.target instanceof Element) note(mutation.target);
      }
    }).observe(grid, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['href'],
    });
    (window as unknown as { drawnCustomers: Set<string> }).drawnCustomers = drawn;
  }, prefix);

  const box = await recordsGrid(page).locator('xpath=..').boundingBox();
  if (!box) throw new Error('the grid is not on screen');
  await page.mouse.move(box.x + Math.min(box.width, 600) / 2, box.y + box.height / 2);
  const drawnCount = () =>
    page.evaluate(() => (window as unknown as { drawnCustomers: Set<string> }).drawnCustomers.size);
  for (let step = 0; step < 12; step++) {
    // Flick quickly (labels of rows flicked past need not be asked for), then rest until
    // the rows in view have settled into links (a cell stays text for its settle delay).
    const before = await drawnCount();
    for (let flick = 0; flick < 4; flick++) await page.mouse.wheel(0, 1_500);
    await expect.poll(drawnCount).toBeGreaterThan(before);
    await expect(recordsGrid(page).locator('a[aria-busy="true"]')).toHaveCount(0);
  }
  const drawnCustomers = new Set(
    await page.evaluate(() => [
      ...(window as unknown as { drawnCustomers: Set<string> }).drawnCustomers,
    ]),
  );

  test.info().annotations.push({
    type: 'label requests',
    description: `${requests.length} for ${drawnCustomers.size} distinct customers drawn`,
  });
  expect(drawnCustomers.size).toBeGreaterThan(20);
  expect(requests.length).toBeGreaterThan(0);
  expect(new Set(requests).size, 'a label asked for twice').toBe(requests.length);
  const asked = requests.map((request) => request.split('/').at(-1) ?? '');
  expect(
    asked.filter((id) => !drawnCustomers.has(id)),
    'asked for customers never drawn',
  ).toEqual([]);
  expect(requests.length).toBeLessThanOrEqual(drawnCustomers.size);
});

test('a find’s matches show their customers as its worker read them: the page asks for none of them one by one', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const customers = await tableNamed('Customers');
  const names = new Map((await allRecords(customers.id)).map((c) => [c.id, String(c.fields.name)]));
  // The page's own one-record reads (the worker's reads, which name the matches, are its own).
  await page.addInitScript((path) => {
    const reads: string[] = [];
    (window as unknown as { oneRecordReads: string[] }).oneRecordReads = reads;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new RegExp(path).test(new URL(url, location.href).pathname)) reads.push(url);
      return fetch(input, init);
    };
  }, `^/api/public/v1/tables/${customers.id}/records/[^/]+$`);
  await page.goto(`/#/tables/${orders.id}?filter%5Bstatus%5D=refunded`);
  const links = recordsGrid(page).locator(`tbody a[href*="/tables/${customers.id}/records/"]`);
  await expect(links.first()).toBeVisible();
  await expect(recordsGrid(page).locator('a[aria-busy="true"]')).toHaveCount(0);
  const reads = () =>
    page.evaluate(() => (window as unknown as { oneRecordReads: string[] }).oneRecordReads.length);
  const beforeFind = await reads();
  expect(beforeFind).toBeGreaterThan(0);

  await page.getByRole('textbox', { name: 'Find in this table' }).fill('fragile');
  await expect(page.getByRole('region', { name: 'Find' }).getByRole('status')).toContainText(
    'searched the whole view',
    { timeout: 60_000 },
  );
  await expect(recordsGrid(page).locator('a[aria-busy="true"]')).toHaveCount(0);
  // Each drawn match shows its own customer's name, and none was read by the page.
  const drawn = await links.evaluateAll((all) =>
    all.map((link) => [link.getAttribute('href') ?? '', link.textContent ?? ''] as const),
  );
  expect(drawn.length).toBeGreaterThan(5);
  for (const [href, text] of drawn) expect(text).toBe(names.get(href.split('/').at(-1) ?? ''));
  expect(await reads()).toBe(beforeFind);
});

test('a table names its project, and the name links to the project', async ({ page }) => {
  const orders = await apiGet<{ project_id: string }>(
    `/api/public/v1/tables/${(await tableNamed('Orders')).id}`,
  );
  const project = await apiGet<{ id: string; name: string }>(
    `/api/public/v1/projects/${orders.project_id}`,
  );
  await page.goto(`/#/tables/${(await tableNamed('Orders')).id}`);
  const link = page.getByRole('main').getByRole('link', { name: project.name, exact: true });
  await expect(link).toHaveAttribute('href', `#/projects/${project.id}`);
});
