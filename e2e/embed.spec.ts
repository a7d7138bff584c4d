import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { ALL_READ_SCOPES, createKey, repoRoot, tsxBinary } from '../scripts/lib/processes';
import { expect, keys, test } from './support/fixtures';
import {
  deployDashboard,
  deploymentHeaders,
  type StaticServer,
  startStaticServer,
} from './support/static-server';

/**
 * The embedded admin view across origins, as a product would use it: examples/embed.html
 * on one origin frames the view (dist/ on a second origin, its config.json listing the
 * first) and hands it a key by postMessage; examples/embed.html on a third origin, which
 * the view's config does not list, tries the same and is ignored.
 */

const EXAMPLES_DIR = path.join(repoRoot, 'examples');
const WRONG_KEY = `svc_live_${'0'.repeat(48)}`;

let siteDir: string;
let host: StaticServer;
let stranger: StaticServer;
let view: StaticServer;

function serviceUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  return url;
}

async function tablesByName(): Promise<Map<string, string>> {
  const response = await fetch(new URL('/api/public/v1/tables?limit=100', serviceUrl()), {
    headers: { Authorization: `Bearer ${keys.full}` },
  });
  const { tables } = (await response.json()) as { tables: { id: string; name: string }[] };
  return new Map(tables.map((table) => [table.name, table.id]));
}

/** examples/embed.html on `server`, loading the view at `route`. */
async function openHostPage(page: Page, server: StaticServer, route = '#/embed') {
  const viewUrl = `${view.url}${route}`;
  await page.goto(`${server.url}embed.html?view=${encodeURIComponent(viewUrl)}`);
}

function viewFrame(page: Page) {
  return page.frameLocator('#view');
}

function frameOf(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(view.origin));
  if (!frame) throw new Error('the view is not framed in this page');
  return frame;
}

const messageLog = (page: Page) => page.locator('#log');

async function sendKey(page: Page, apiKey: string) {
  await page.getByLabel('Service URL').fill(serviceUrl());
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Send the key' }).click();
}

/** Nothing in the frame origin's sessionStorage or localStorage, nor anywhere in the context, holds `secret`. */
async function expectStoredNowhere(page: Page, secret: string) {
  const frameStorage = await frameOf(page).evaluate(() =>
    JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }),
  );
  expect(frameStorage).not.toContain(secret);
  const state = await page.context().storageState();
  expect(JSON.stringify(state)).not.toContain(secret);
}

test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-embed-'));
  host = await startStaticServer({ root: EXAMPLES_DIR });
  stranger = await startStaticServer({ root: EXAMPLES_DIR });
  deployDashboard(siteDir, {
    serviceUrl: serviceUrl(),
    title: 'Embedded workspace',
    embedOrigins: [host.origin],
  });
  view = await startStaticServer({
    root: siteDir,
    mountPath: '/workspace/',
    // Both may frame it; only the host may hand it a key: the view's own check is tested.
    headers: deploymentHeaders({
      serviceOrigin: new URL(serviceUrl()).origin,
      frameAncestors: `${host.origin} ${stranger.origin}`,
    }),
  });
});

test.afterAll(async () => {
  await Promise.all([host?.close(), stranger?.close(), view?.close()]);
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

test('the host hands over a key: ready, records in the frame, navigate, reload', async ({
  page,
}) => {
  const tables = await tablesByName();
  const productsId = tables.get('Products');
  if (!productsId) throw new Error('no Products table');

  await openHostPage(page, host);
  await expect(messageLog(page)).toContainText('"type":"workspace-browser:ready","version":1');
  // Nothing handed over yet: the connect screen, inside the frame, without chrome.
  const frame = viewFrame(page);
  await expect(frame.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

  await sendKey(page, keys.full);
  await expect(messageLog(page)).toContainText('"type":"workspace-browser:connected"');
  await expect(frame.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('navigation', { name: 'Workspace' })).toHaveCount(0);

  await page.getByLabel('Kind').selectOption('table');
  await page.getByLabel('Id').fill(productsId);
  await page.getByRole('button', { name: 'Show it' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(frame.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  expect(frameOf(page).url()).toBe(`${view.url}#/embed/tables/${productsId}`);

  // The key lived in memory only: a reload forgets it, the view announces ready again,
  // and this host (auto-connect) hands it over again; the view is where it was.
  await frameOf(page).evaluate(() => window.location.reload());
  await expect(messageLog(page).getByText(/workspace-browser:connected/)).toHaveCount(2);
  await expect(frame.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  await expectStoredNowhere(page, keys.full);
  expect(await messageLog(page).textContent()).not.toContain(keys.full);
});

test('a wrong key is announced as key-rejected, with a reason and without the key', async ({
  page,
}) => {
  // The other way to ask for the view: ?embed=1, rewritten to the #/embed route.
  await openHostPage(page, host, '?embed=1#/skills');
  await expect(messageLog(page)).toContainText('workspace-browser:ready');
  await expect
    .poll(() => frameOf(page).url())
    .toBe(`${view.url}?embed=1#/embed/connect?next=%2Fskills`);
  await sendKey(page, WRONG_KEY);

  await expect(messageLog(page)).toContainText(
    '"type":"workspace-browser:key-rejected","version":1,"reason":"unauthorized"',
  );
  expect(await messageLog(page).textContent()).not.toContain(WRONG_KEY);
  const frame = viewFrame(page);
  await expect(frame.getByRole('status')).toContainText('did not accept');
  await expect(frame.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expectStoredNowhere(page, WRONG_KEY);
});

test('a key revoked while the view is open is announced when the grid next needs it', async ({
  page,
}) => {
  const dbPath = process.env.E2E_DB_PATH;
  if (!dbPath) throw new Error('E2E_DB_PATH is not set: e2e/global-setup.ts did not run');
  const name = `e2e-embed-revoked-${process.pid}-${Date.now()}`;
  const apiKey = createKey({ dbPath, workspace: 'acme', name, scopes: ALL_READ_SCOPES });
  const tables = await tablesByName();

  await openHostPage(page, host, `#/embed/tables/${tables.get('Customers')}`);
  await expect(messageLog(page)).toContainText('workspace-browser:ready');
  await sendKey(page, apiKey);
  const frame = viewFrame(page);
  await expect(frame.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();

  execFileSync(tsxBinary, ['server/keys.ts', 'revoke', '--db', dbPath, '--name', name], {
    cwd: repoRoot,
  });
  await page.getByLabel('Id').fill(tables.get('Team') ?? '');
  await page.getByRole('button', { name: 'Show it' }).click();

  await expect(messageLog(page)).toContainText(
    '"type":"workspace-browser:key-rejected","version":1,"reason":"unauthorized"',
  );
  await expect(frame.getByRole('status')).toContainText('did not accept');
  await expect(frame.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expectStoredNowhere(page, apiKey);
});

test('a page on an origin the config does not list can frame the view but not hand it a key', async ({
  page,
}) => {
  const ignored = page.waitForEvent('console', {
    predicate: (message) => message.text().includes(`ignored messages from ${stranger.origin}`),
    timeout: 10_000,
  });
  await openHostPage(page, stranger);
  const frame = viewFrame(page);
  await expect(frame.getByRole('button', { name: 'Connect' })).toBeVisible();
  await sendKey(page, keys.full);
  await ignored;

  // Not connected, and nothing was said to this origin: not even ready.
  await expect(frame.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expect(frame.getByRole('grid')).toHaveCount(0);
  expect(await messageLog(page).textContent()).not.toContain('view → host');
  await expectStoredNowhere(page, keys.full);
});
