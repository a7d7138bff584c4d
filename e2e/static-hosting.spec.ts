import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, keys, test } from './support/fixtures';
import {
  deployDashboard,
  deploymentHeaders,
  type StaticServer,
  startStaticServer,
} from './support/static-server';

/**
 * dist/ copied to a sub-path of a plain file server (no rewrites, no API), with the
 * security headers docs/deployment.md recommends, talking to the reference server on
 * another origin (its default CORS `*` allows it): the "any static host" promise.
 */

const SUB_PATH = '/tools/workspace/';
const TITLE = 'Acme tools';

let siteDir: string;
let host: StaticServer;

function serviceUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  return url;
}

async function apiGet<T>(apiPath: string): Promise<T> {
  const response = await fetch(new URL(apiPath, serviceUrl()), {
    headers: { Authorization: `Bearer ${keys.full}` },
  });
  if (!response.ok) throw new Error(`GET ${apiPath} answered ${response.status}`);
  return (await response.json()) as T;
}

async function tableNamed(name: string): Promise<{ id: string; name: string }> {
  const { tables } = await apiGet<{ tables: { id: string; name: string }[] }>(
    '/api/public/v1/tables?limit=100',
  );
  const table = tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table named ${name}`);
  return table;
}

/** CSP violations and failed loads, which a page under the recommended headers must not have. */
function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(host.origin)) {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  return problems;
}

async function connectWithFullKey(page: Page) {
  await expect(page.getByLabel('Service URL')).toHaveValue(serviceUrl());
  await page.getByLabel('API key').fill(keys.full);
  await page.getByRole('button', { name: 'Connect' }).click();
}

test.beforeAll(async () => {
  siteDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-static-'));
  deployDashboard(path.join(siteDir, 'tools/workspace'), {
    serviceUrl: serviceUrl(),
    title: TITLE,
  });
  deployDashboard(path.join(siteDir, 'as-built'));
  deployDashboard(path.join(siteDir, 'broken'), '{ "title": "Acme tools", ');
  deployDashboard(path.join(siteDir, 'invalid'), { embedOrigins: ['*'], colour: 'blue' });
  host = await startStaticServer({
    root: siteDir,
    headers: deploymentHeaders({ serviceOrigin: new URL(serviceUrl()).origin }),
  });
});

test.afterAll(async () => {
  await host?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

test('runs from a sub-path: connect, open a table, reload a sorted deep link', async ({ page }) => {
  const problems = watchForProblems(page);
  const firstRequest = host.requests.length;
  const customers = await tableNamed('Customers');
  const {
    records: [lastByName],
  } = await apiGet<{ records: { fields: { name: string } }[] }>(
    `/api/public/v1/tables/${customers.id}/records?sort=name:desc&limit=1`,
  );
  if (!lastByName) throw new Error('Customers has no records');

  await page.goto(`${host.origin}${SUB_PATH}`);
  // The runtime config's title, on the connect screen and in the document title.
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page).toHaveTitle(TITLE);
  await connectWithFullKey(page);

  await expect(page).toHaveURL(new RegExp(`${SUB_PATH}#/tables/`));
  // The workspace is named after its service (the title names the deployment, not it).
  await expect(page.getByRole('banner')).toContainText(new URL(serviceUrl()).host);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Customers', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  // A sorted view by its URL, then a reload of it: the same view comes back.
  const deepLink = `${host.origin}${SUB_PATH}#/tables/${customers.id}?sort=name:desc`;
  await page.goto(deepLink);
  const nameHeader = page
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: 'name', exact: true }) });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText(
    lastByName.fields.name,
  );
  await page.reload();
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText(
    lastByName.fields.name,
  );

  // Every file came from below the sub-path: relative asset paths, no /config.json at the root.
  expect(
    host.requests.slice(firstRequest).filter((request) => !request.startsWith(SUB_PATH)),
  ).toEqual([]);
  expect(problems).toEqual([]);
});

test('a shared deep link opens in a new tab after connecting', async ({ browser }) => {
  const customers = await tableNamed('Customers');
  const deepLink = `${host.origin}${SUB_PATH}#/tables/${customers.id}?sort=name:desc`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = watchForProblems(page);
    await page.goto(deepLink);
    await expect(page).toHaveURL(/#\/connect\?next=/);
    await connectWithFullKey(page);
    await expect(page).toHaveURL(deepLink);
    await expect(
      page
        .getByRole('columnheader')
        .filter({ has: page.getByRole('button', { name: 'name', exact: true }) }),
    ).toHaveAttribute('aria-sort', 'descending');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the build copied as it is loads with its default settings and no failed request', async ({
  page,
}) => {
  const problems = watchForProblems(page);
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const config = page.waitForResponse((response) => response.url().endsWith('/config.json'));
  await page.goto(`${host.origin}/as-built/`);
  expect((await config).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace Browser' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(host.requests).toContain('/as-built/config.json');
  expect(failed).toEqual([]);
  expect(problems).toEqual([]);
});

test('a malformed config.json is explained on the page, not a blank screen', async ({ page }) => {
  await page.goto(`${host.origin}/broken/#/tables/anything`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The dashboard’s settings could not be read');
  await expect(alert).toContainText('config.json is not valid JSON.');
  await expect(alert).toContainText('can fix config.json (beside index.html)');
});

test('a config.json with wrong settings names each of them', async ({ page }) => {
  await page.goto(`${host.origin}/invalid/`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('unknown setting(s): colour');
  await expect(alert).toContainText('embedOrigins: "*": wildcards are not allowed');
});
