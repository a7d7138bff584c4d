import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type RunningProcess, startReferenceServer } from '../scripts/lib/processes';
import { expect, test } from './support/fixtures';
import { recordsGrid } from './support/records-grid';
import { DIST_DIR } from './support/static-server';

/**
 * `npm start` restarted under a page that remembered the demo: the suite's shared server
 * can't be restarted, so each test runs its own demo server process on its own SQLite
 * file, stopped and started again on the same port (the page's storage is per origin).
 */
let workDir: string;
let server: RunningProcess | null = null;

test.beforeEach(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-demo-restart-'));
});
test.afterEach(async () => {
  await server?.stop();
  server = null;
  rmSync(workDir, { recursive: true, force: true });
});

function startDemo(dbPath: string, port?: number): Promise<RunningProcess> {
  return startReferenceServer({
    dbPath,
    dashboardDir: DIST_DIR,
    demo: true,
    records: 200,
    ...(port === undefined ? {} : { port }),
  });
}

async function restart(dbPath: string): Promise<void> {
  const port = Number(new URL(server?.url ?? '').port);
  await server?.stop();
  server = await startDemo(dbPath, port);
}

async function openRememberedDemo(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Open the demo workspace' }).click();
  await expect(recordsGrid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Workspace: Demo workspace/ })).toBeVisible();
}

test('a remembered demo workspace is still open after the server restarts', async ({ page }) => {
  test.setTimeout(120_000);
  const dbPath = path.join(workDir, 'demo.sqlite');
  server = await startDemo(dbPath);
  await openRememberedDemo(page, server.url);
  const where = page.url();

  // The same key is served again: not one request is refused along the way (the dashboard
  // re-acquiring a new key would also end connected, after a 401). A request that failed
  // while the server was down is followed by a probe without the key, to tell an
  // unreachable service from a blocked one (src/lib/api/blocked-request.ts); if the server
  // is back by then, that probe's 401 refuses no key.
  const refused: string[] = [];
  page.on('response', async (response) => {
    if (response.status() !== 401) return;
    if ((await response.request().headerValue('authorization')) === null) return;
    refused.push(new URL(response.url()).pathname);
  });
  await restart(dbPath);
  await page.reload();
  await expect(page).toHaveURL(where);
  await expect(recordsGrid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Workspace: Demo workspace/ })).toBeVisible();
  await expect(page.getByText('did not accept this API key')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a remembered demo whose key is gone (its database made afresh) takes the new demo key', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dbPath = path.join(workDir, 'demo.sqlite');
  server = await startDemo(dbPath);
  await openRememberedDemo(page, server.url);
  const where = page.url();

  // A fresh database file: a new demo key, the remembered one unknown to it.
  const port = Number(new URL(server.url).port);
  await server.stop();
  server = await startDemo(path.join(workDir, 'fresh.sqlite'), port);
  await page.reload();
  await expect(page).toHaveURL(where);
  await expect(recordsGrid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Workspace: Demo workspace/ })).toBeVisible();
  // One demo workspace, not a second one beside the refused one.
  await page.getByRole('button', { name: /^Workspace: / }).click();
  await expect(
    page.getByRole('region', { name: 'Workspaces' }).getByRole('button', { name: /^Forget/ }),
  ).toHaveCount(1);
});
