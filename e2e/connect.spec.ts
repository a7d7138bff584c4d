import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { ALL_READ_SCOPES, createKey, repoRoot, tsxBinary } from '../scripts/lib/processes';
import { allSkills, listTables, tableNamed } from './support/api';
import { expect, keys, test } from './support/fixtures';
import { columnHeader, filterInput, recordsGrid, recordsStatus } from './support/records-grid';
import { storedText } from './support/session';

/** The connect screen, reached the way a first visit reaches it. */
async function openConnect(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
}

async function connectWith(page: Page, apiKey: string, options: { remember?: boolean } = {}) {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  if (options.remember) await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

function tablesNav(page: Page) {
  return page.getByRole('navigation', { name: 'Workspace' }).getByRole('region', {
    name: 'Tables',
  });
}

test('a good key connects and shows the workspace’s tables', async ({ page }) => {
  const tables = await listTables();
  await openConnect(page);
  await connectWith(page, keys.full);

  // Home goes straight to the first table, listed with every other one in the sidebar.
  const first = tables[0];
  if (!first) throw new Error('the demo workspace has no tables');
  await expect(page).toHaveURL(new RegExp(`#/tables/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  const links = tablesNav(page).getByRole('link');
  await expect(links).toHaveText(tables.map((table) => table.name));
  await expect(links.filter({ hasText: first.name })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a wrong key is not accepted and the typed service URL stays', async ({ page, baseURL }) => {
  await openConnect(page);
  const serviceUrl = page.getByLabel('Service URL', { exact: true });
  await serviceUrl.fill(`${baseURL}/`);
  await connectWith(page, `svc_live_${'0'.repeat(48)}`);

  await expect(page.getByRole('alert')).toContainText('The service did not accept this API key');
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(serviceUrl).toHaveValue(`${baseURL}/`);
  const stored = await storedText(page);
  expect(stored.session + stored.local).not.toContain('svc_live_0000');

  // With the address kept, fixing the key is all it takes.
  await connectWith(page, keys.full);
  await expect(recordsGrid(page)).toBeVisible();
});

test('a key that may read skills but not tables connects and browses skills', async ({ page }) => {
  const skills = await allSkills();
  const first = skills[0];
  if (!first) throw new Error('the demo workspace has no skills');
  await openConnect(page);
  await connectWith(page, keys.noTables);

  // Home is the first thing the key can read; the tables are explained, not offered.
  await expect(page).toHaveURL(/#\/skills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
  await expect(tablesNav(page)).toContainText('This key can’t open tables');
  await expect(tablesNav(page).getByRole('link')).toHaveCount(0);
  await expect(tablesNav(page).getByRole('searchbox')).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: first.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('"Open the demo workspace" connects without typing a key', async ({ page }) => {
  const tables = await listTables();
  await openConnect(page);
  await page.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(tablesNav(page).getByRole('link')).toHaveText(tables.map((table) => table.name));
  await expect(recordsGrid(page)).toBeVisible();
});

test('the key never appears in a URL or the page title', async ({ page }) => {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('request', (request) => urls.push(request.url()));

  await openConnect(page);
  await connectWith(page, keys.full);
  await expect(recordsGrid(page)).toBeVisible();
  const orders = await tableNamed('Orders');
  await tablesNav(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('button', { name: 'amount', exact: true }).click();
  await expect(recordsStatus(page)).toContainText('sorted by amount');
  await page.getByRole('link', { name: 'Skills' }).click();
  await expect(page.getByRole('heading', { name: 'Skills', level: 1 })).toBeVisible();

  urls.push(page.url());
  expect(urls.some((url) => url.includes(`#/tables/${orders.id}`))).toBe(true);
  const keyBody = keys.full.replace('svc_live_', '');
  for (const url of urls) {
    expect(url).not.toContain(keyBody);
    expect(decodeURIComponent(url)).not.toContain(keyBody);
  }
  expect(await page.title()).not.toContain(keyBody);
});

test('the key is kept for this tab only unless "Remember on this device" is ticked', async ({
  page,
  context,
}) => {
  await openConnect(page);
  await connectWith(page, keys.full);
  await expect(recordsGrid(page)).toBeVisible();
  const inTab = await storedText(page);
  expect(inTab.session).toContain(keys.full);
  expect(inTab.local).not.toContain(keys.full);

  // A new tab does not inherit sessionStorage: it asks for the key again.
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab).toHaveURL(/#\/connect$/);
  await otherTab.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await connectWith(page, keys.full, { remember: true });
  await expect(recordsGrid(page)).toBeVisible();
  const remembered = await storedText(page);
  expect(remembered.local).toContain(keys.full);
  expect(remembered.session).not.toContain(keys.full);

  // Remembered: a new tab opens connected.
  const rememberedTab = await context.newPage();
  await rememberedTab.goto('/');
  await expect(recordsGrid(rememberedTab)).toBeVisible();
  await rememberedTab.close();
});

test('Sign out forgets the key in both storages and returns to connect', async ({ page }) => {
  await openConnect(page);
  await connectWith(page, keys.full, { remember: true });
  await expect(recordsGrid(page)).toBeVisible();
  // An older version's single-connection entry in sessionStorage too: it must go as well.
  await page.evaluate(
    (key) =>
      sessionStorage.setItem(
        'workspace-browser.connection',
        JSON.stringify({ serviceUrl: '', apiKey: key, skillsPath: null }),
      ),
    keys.full,
  );

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  const stored = await storedText(page);
  expect(stored.session).not.toContain(keys.full);
  expect(stored.local).not.toContain(keys.full);

  // Signed out for good: reloading does not bring the session back.
  await page.reload();
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
});

test('a deep link opened without a key returns to that view after connecting', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const deepLink = `/#/tables/${orders.id}?sort=amount:desc&filter[status]=paid`;
  await page.goto(deepLink);
  await expect(page).toHaveURL(/#\/connect\?next=/);

  await connectWith(page, keys.full);
  await expect(page).toHaveURL((url) => decodeURIComponent(url.hash) === deepLink.slice(1));
  await expect(recordsStatus(page)).toContainText(
    'Orders where status is paid, sorted by amount, highest first',
  );
  await expect(columnHeader(page, 'amount')).toHaveAttribute('aria-sort', 'descending');
  await expect(filterInput(page, 'status')).toHaveValue('paid');
});

test('a key that can’t read tables, opened on a table’s URL, says which permission is missing, without Retry', async ({
  page,
  baseURL,
}) => {
  const orders = await tableNamed('Orders');
  await openConnect(page);
  await connectWith(page, keys.noTables);
  await expect(page).toHaveURL(/#\/skills$/);

  await page.goto(`/#/tables/${orders.id}`);
  const main = page.getByRole('main');
  const notice = main.getByRole('alert');
  await expect(notice).toContainText('This key can’t read tables');
  await expect(notice).toContainText('“tables:read” permission');
  await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // Named after its service, not "Demo workspace" (that is only the demo's key).
  const host = new URL(baseURL ?? '').host;
  await expect(page.getByRole('button', { name: /^Workspace: / })).toHaveAccessibleName(
    `Workspace: ${host}. Switch workspace`,
  );
  await expect(page.getByRole('banner')).not.toContainText('Demo workspace');

  // A way forward: what this key can read.
  await notice.getByRole('link', { name: 'Go to skills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible();
});

test('a plain-http service this page may not reach says which services it may, and what to do', async ({
  page,
  baseURL,
}) => {
  await openConnect(page);
  await page.getByLabel('Service URL', { exact: true }).fill('http://127.0.0.1:9/');
  await connectWith(page, keys.full);
  const alert = page.getByRole('alert');
  const host = new URL(baseURL ?? '').host;
  await expect(alert).toContainText(
    `This dashboard may only reach this site (${host}) and any https:// service, so the browser did not let it reach http://127.0.0.1:9.`,
  );
  await expect(alert).toContainText('--proxy http://127.0.0.1:9');
  await expect(alert).not.toContainText('Content-Security-Policy does not allow');
});

test('a remembered key that is revoked keeps its workspace: Sign in again takes a new key for it', async ({
  page,
}) => {
  const dbPath = process.env.E2E_DB_PATH;
  if (!dbPath) throw new Error('E2E_DB_PATH is not set: e2e/global-setup.ts did not run');
  const name = `e2e-revoked-${process.pid}-${Date.now()}`;
  const apiKey = createKey({ dbPath, workspace: 'acme', name, scopes: ALL_READ_SCOPES });
  const orders = await tableNamed('Orders');

  await openConnect(page);
  await page.getByLabel(/^Name/).fill('Acme sales');
  await connectWith(page, apiKey, { remember: true });
  await expect(recordsGrid(page)).toBeVisible();
  await tablesNav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(new RegExp(`#/tables/${orders.id}$`));

  execFileSync(tsxBinary, ['server/keys.ts', 'revoke', '--db', dbPath, '--name', name], {
    cwd: repoRoot,
  });
  await page.reload();

  // Not forgotten: the connect screen asks for a new key for this workspace, by its name.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in again to Acme sales' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toContainText('did not accept this API key');
  await expect(page.getByLabel(/^Name/)).toHaveValue('Acme sales');
  expect((await storedText(page)).local).not.toContain(apiKey);

  await expect(page.getByLabel('Remember on this device')).toBeChecked();
  await page.getByLabel('API key', { exact: true }).fill(keys.full);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/tables/${orders.id}$`));
  await expect(recordsGrid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Workspace: / })).toHaveAccessibleName(
    /^Workspace: Acme sales/,
  );
  // One workspace, remembered, with the new key.
  const remembered = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('workspace-browser.workspaces') ?? '{}'),
  );
  expect(remembered.workspaces).toHaveLength(1);
  expect(remembered.workspaces[0]).toMatchObject({ name: 'Acme sales', apiKey: keys.full });
});
