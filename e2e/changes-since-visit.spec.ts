import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  ALL_READ_SCOPES,
  createKey,
  type RunningProcess,
  startReferenceServer,
} from '../scripts/lib/processes';
import { changeRecords, createRecords } from './support/change-records';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsRequestOf } from './support/records-grid';
import { storedText } from './support/session';
import { DIST_DIR } from './support/static-server';
import { untranslatedText } from './support/untranslated-text';

/**
 * "What changed since your last visit" (decision 051) against the real server: records
 * are changed in its SQLite file between two visits through the server's own storage code
 * (e2e/support/change-records.ts), so each test runs its own demo server on its own file
 * (the suite's shared server is only read).
 */
let workDir: string;
let dbPath: string;
let server: RunningProcess | null = null;

test.beforeEach(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-changes-'));
  dbPath = path.join(workDir, 'demo.sqlite');
  server = await startReferenceServer({ dbPath, dashboardDir: DIST_DIR, demo: true, records: 300 });
});
test.afterEach(async () => {
  await server?.stop();
  server = null;
  rmSync(workDir, { recursive: true, force: true });
});

interface ApiRecord {
  id: string;
}

/** The key the demo's config.json serves to its own dashboard. */
async function demoKey(): Promise<string> {
  const config = (await (await fetch(`${server?.url}/config.json`)).json()) as { demoKey: string };
  return config.demoKey;
}

/** The demo's API, asked with the demo key. */
async function demoApi<T>(apiPath: string): Promise<T> {
  const response = await fetch(`${server?.url}${apiPath}`, {
    headers: { Authorization: `Bearer ${await demoKey()}` },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

async function tableIdNamed(name: string): Promise<string> {
  const { tables } = await demoApi<{ tables: { id: string; name: string }[] }>(
    '/api/public/v1/tables?limit=100',
  );
  const table = tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table named ${name}`);
  return table.id;
}

async function openRememberedDemo(page: Page) {
  await page.goto(`${server?.url}/`);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(recordsGrid(page)).toBeVisible();
}

/**
 * A key of its own (made with the real CLI) typed into the connect form, remembered: the
 * workspace is then named after its service (data); the demo key's workspace is "Demo
 * workspace", a message of its own.
 */
async function openRememberedWithKey(page: Page) {
  const apiKey = createKey({
    dbPath,
    workspace: 'acme',
    name: 'e2e-changes',
    scopes: ALL_READ_SCOPES,
  });
  await page.goto(`${server?.url}/`);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(recordsGrid(page)).toBeVisible();
}

function sidebar(page: Page) {
  return page.getByRole('navigation').first();
}

async function openTable(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  await expect(recordsGrid(page).getByRole('row').nth(1)).toBeVisible();
}

/** Resolves once the device keeps a last visit of the table (its first page has shown). */
async function visitNoted(page: Page, tableId: string) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('workspace-browser.visits') ?? ''))
    .toContain(`table:${tableId}`);
}

const CHANGED_DOT = 'Changed since your last visit';

test('records changed and added between two visits: the sidebar marks the table, the count is theirs, Show them lists exactly them newest first, Mark as seen ends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ordersId = await tableIdNamed('Orders');
  await openRememberedDemo(page);

  // First visit: nothing is said, nothing is marked.
  await openTable(page, 'Orders');
  await visitNoted(page, ordersId);
  await expect(page.getByRole('button', { name: 'Mark as seen' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: CHANGED_DOT })).toHaveCount(0);
  await openTable(page, 'Customers');

  // Between the visits, someone changes 5 orders and adds 2.
  const { records } = await demoApi<{ records: ApiRecord[] }>(
    `/api/public/v1/tables/${ordersId}/records?limit=40`,
  );
  const changed = [records[3], records[10], records[17], records[25], records[39]].map(
    (record) => record?.id ?? '',
  );
  const changedAt = new Date();
  changeRecords(
    dbPath,
    ordersId,
    changed.map((id) => ({ id, fields: { status: 'refunded' } })),
    changedAt,
  );
  const created = createRecords(
    dbPath,
    ordersId,
    [{ status: 'pending' }, { status: 'paid' }],
    new Date(changedAt.getTime() + 1_000),
  );

  const changeReads: string[] = [];
  page.on('request', (request) => {
    const read = recordsRequestOf(request.url());
    if (read?.tableId === ordersId && read.sort === 'updated_at:desc') {
      changeReads.push(read.limit ?? '');
    }
  });

  // The next visit, on another table: the sidebar marks Orders, and only Orders.
  await page.reload();
  await expect(recordsGrid(page)).toBeVisible();
  const ordersLink = sidebar(page).getByRole('link', { name: 'Orders', exact: true });
  await expect(ordersLink).toHaveAccessibleDescription(CHANGED_DOT);
  await expect(sidebar(page).getByRole('img', { name: CHANGED_DOT })).toHaveCount(1);

  await openTable(page, 'Orders');
  const summary = page.getByRole('status').filter({ hasText: 'new or changed since' });
  await expect(summary).toHaveText(/^7 records new or changed since today at .+ \(.+ ago\)$/);
  // In the grid, the changed rows in view are marked, for the eye and for a screen reader.
  const firstChangedRow = recordsGrid(page).locator(`tr[data-row-id="${changed[0]}"]`);
  await expect(firstChangedRow).toHaveAttribute('data-mark', 'changed');
  await expect(firstChangedRow).toHaveAccessibleDescription('Changed since your last visit');
  await expect(
    recordsGrid(page).locator(`tr[data-row-id="${records[4]?.id}"]`),
  ).not.toHaveAttribute('data-mark', /./);
  // Looked at: the sidebar's mark goes.
  await expect(sidebar(page).getByRole('img', { name: CHANGED_DOT })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show them' }).click();
  const list = page.getByRole('list', { name: 'Records new or changed since your last visit' });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(7);
  const listed = await list
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => decodeURIComponent(link.getAttribute('href')?.split('/').at(-1) ?? '')),
    );
  // Newest first: the two added a second later, then the five changed.
  expect(new Set(listed.slice(0, 2))).toEqual(new Set(created));
  expect(new Set(listed.slice(2))).toEqual(new Set(changed));
  await expect(items.filter({ hasText: /^New/ })).toHaveCount(2);
  await expect(items.filter({ hasText: /^Changed/ })).toHaveCount(5);
  // Read newest first and stopped at the first older record: one small first page (7
  // changes fit in 20), never the table.
  expect(changeReads.filter((limit) => limit === '20')).toHaveLength(1);
  expect(changeReads.every((limit) => limit === '1' || limit === '20')).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A record in the list opens in the panel.
  await list.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/records/${listed[0]}$`));

  await page.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(summary).toHaveCount(0);
  await expect(recordsGrid(page).locator('tr[data-mark]')).toHaveCount(0);
  await page.reload();
  await expect(recordsGrid(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as seen' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('img', { name: CHANGED_DOT })).toHaveCount(0);

  // Sign out leaves no visit behind, in either storage.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/connect/);
  const stored = await storedText(page);
  expect(stored.local).not.toContain('workspace-browser.visits');
  expect(stored.session).not.toContain('workspace-browser.visits');
});

test('in the pseudo-locale, the sidebar mark, the table’s sentence, its list and the row marks are all from the catalog', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ordersId = await tableIdNamed('Orders');
  await openRememberedWithKey(page);
  await openTable(page, 'Orders');
  await visitNoted(page, ordersId);
  await openTable(page, 'Customers');
  const { records } = await demoApi<{ records: ApiRecord[] }>(
    `/api/public/v1/tables/${ordersId}/records?limit=3`,
  );
  changeRecords(
    dbPath,
    ordersId,
    records.map((record) => ({ id: record.id, fields: { status: 'shipped' } })),
  );
  createRecords(dbPath, ordersId, [{ status: 'pending' }]);

  await page.evaluate(() => localStorage.setItem('workspace-browser:locale', 'en-XA'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(sidebar(page).getByRole('img', { name: /^⟦.+⟧$/ })).toHaveCount(1);
  expect(await untranslatedText(page), 'the sidebar with a mark').toEqual([]);

  await sidebar(page).getByRole('link', { name: 'Orders', exact: true }).click();
  const banner = page
    .locator('section[aria-label]')
    .filter({ has: page.locator('button[aria-expanded]') });
  await expect(banner.getByRole('status')).toHaveText(/^⟦.*4.*⟧$/);
  await banner.locator('[aria-expanded]').click();
  await expect(banner.getByRole('listitem')).toHaveCount(4);
  await expect(recordsGrid(page).locator('tr[data-mark]')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: /^⟦Ļöàðîñĝ/ })).toHaveCount(0);
  expect(await untranslatedText(page), 'the table with what changed').toEqual([]);
});
