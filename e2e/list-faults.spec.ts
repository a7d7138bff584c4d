import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './support/api';
import {
  type Fault,
  type FaultProxy,
  type ListResource,
  listPage,
  startFaultProxy,
} from './support/fault-proxy';
import { expect, keys, test } from './support/fixtures';
import { CONNECTION_STORAGE_KEY } from './support/session';
import { type StaticServer, startStaticServer } from './support/static-server';

/**
 * Every paged list against a service whose lists never end: the fault proxy
 * (e2e/support/fault-proxy.ts, `loop`) answers every list request with the list's first
 * page and a next_cursor, whatever cursor was asked for. Each screen must stop after a
 * handful of requests (counted at the proxy once it has gone quiet: a request storm never
 * does), show each item once (the first page's, as the real server gives them), and say
 * in plain words why it stopped.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 60_000 });

/** "A handful": the first page and the one that gave the loop away, with room to spare. */
const HANDFUL = 5;

let host: StaticServer;
let proxy: FaultProxy;

function upstream(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
  return url;
}

test.beforeAll(async () => {
  host = await startStaticServer({ root: path.resolve(import.meta.dirname, '../dist') });
  proxy = await startFaultProxy({ upstream: upstream() });
});

test.afterAll(async () => {
  await proxy?.close();
  await host?.close();
});

function loopEveryList(fault: Fault = { kind: 'loop' }): void {
  proxy.clear();
  proxy.add({ when: listPage(), fault });
}

test.beforeEach(async ({ page }) => {
  loopEveryList();
  await page.addInitScript(
    ({ storageKey, connection }) => {
      if (sessionStorage.getItem('e2e.connection-seeded') !== null) return;
      sessionStorage.setItem('e2e.connection-seeded', '1');
      sessionStorage.setItem(storageKey, JSON.stringify(connection));
    },
    {
      storageKey: CONNECTION_STORAGE_KEY,
      connection: { serviceUrl: proxy.url, apiKey: keys.full, skillsPath: null },
    },
  );
});

/** List requests the proxy saw for `resource` (a query filter narrows them: one board column). */
function listRequests(
  resource: ListResource,
  where: (query: URLSearchParams) => boolean = () => true,
) {
  return proxy.requests.filter((request) => listPage(resource)(request) && where(request.query))
    .length;
}

/** The real first page of a list, as the screen asks for it. */
async function firstPage<T extends { id: string; name: string }>(
  resource: ListResource,
  params: Record<string, string>,
): Promise<T[]> {
  const body = await apiGet<Record<string, unknown>>(`/api/public/v1/${resource}`, params);
  return body[resource] as T[];
}

const stopped = (scope: Page | Locator, what: string) =>
  scope.getByRole('status').filter({ hasText: `Stopped loading ${what}` });

/**
 * Scrolls a list to its end (its "Load more" into view, which is what loads the next
 * page) until the list says it stopped; returns that message.
 */
async function scrollUntilStopped(scope: Locator, what: string, more: RegExp): Promise<Locator> {
  const note = stopped(scope, what);
  await expect(async () => {
    const button = scope.getByRole('button', { name: more });
    if ((await button.count()) > 0) {
      await button.scrollIntoViewIfNeeded({ timeout: 1_000 }).catch(() => undefined);
    }
    await expect(note).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return note;
}

function expectNoRepeats(names: string[]): void {
  expect(names.length - new Set(names).size, `repeated in ${JSON.stringify(names)}`).toBe(0);
}

test('the tables sidebar lists each table once and says why it stopped', async ({ page }) => {
  const tables = await firstPage('tables', { limit: '100' });
  await page.goto(host.url);
  const sidebar = page.getByRole('region', { name: 'Tables' });
  await expect(sidebar.getByRole('link').first()).toBeVisible();
  const note = await scrollUntilStopped(sidebar, 'tables', /^Load more tables/);
  await expect(note).toHaveText(
    `The service sent a table it had already sent (on page 2, id ${tables[0]?.id}). Stopped loading tables so nothing is shown twice. Showing the ${tables.length} found so far.`,
  );
  await proxy.quiet();
  expect(listRequests('tables')).toBeLessThanOrEqual(HANDFUL);
  const names = await sidebar.getByRole('link').allTextContents();
  expect(names).toEqual(tables.map((table) => table.name));
  await expect(sidebar.getByRole('button', { name: /^Load more tables/ })).toHaveCount(0);
});

test('skills stop after the page that repeats the first, each skill once', async ({ page }) => {
  const skills = await firstPage('skills', { limit: '50' });
  await page.goto(`${host.url}#/skills`);
  const main = page.getByRole('main');
  await expect(main.getByRole('link').first()).toBeVisible();
  const note = await scrollUntilStopped(main, 'skills', /^Load more skills/);
  await expect(note).toContainText(
    `Stopped loading skills so nothing is shown twice. Showing the ${skills.length} found so far.`,
  );
  await proxy.quiet();
  expect(listRequests('skills')).toBeLessThanOrEqual(HANDFUL);
  const names = await main.getByRole('listitem').locator('a > span:first-child').allTextContents();
  expect(names).toEqual(skills.map((skill) => skill.name));
});

test('the tasks board: every column stops on its own, each task once, and the board goes quiet', async ({
  page,
}) => {
  const statuses: [string, string][] = [
    ['backlog', 'Backlog'],
    ['todo', 'To do'],
    ['in_progress', 'In progress'],
    ['in_review', 'In review'],
    ['done', 'Done'],
    ['cancelled', 'Cancelled'],
  ];
  await page.goto(`${host.url}#/tasks?view=board`);
  for (const [status, label] of statuses) {
    const column = page.getByRole('region', { name: new RegExp(`^${label}\\s*(,|$)`) });
    const tasks = await firstPage('tasks', { status, limit: '25' });
    await expect(column.getByRole('heading', { level: 2 })).toContainText(label);
    if (tasks.length === 0) continue;
    const note = await scrollUntilStopped(column, 'tasks', /^Load more/);
    await expect(note).toContainText(`Showing the ${tasks.length} found so far.`);
    const names = await column
      .getByRole('listitem')
      .locator('h3')
      .getByRole('link')
      .allTextContents();
    expect(names).toEqual(tasks.map((task) => task.name));
  }
  await proxy.quiet();
  for (const [status] of statuses) {
    expect(listRequests('tasks', (query) => query.get('status') === status)).toBeLessThanOrEqual(3);
  }
  // The project names for the cards and filter: one list, walked until the guard ends it.
  expect(listRequests('projects')).toBeLessThanOrEqual(HANDFUL);
});

test('the page tree stops loading, says so, and shows the tree of the pages it has', async ({
  page,
}) => {
  // The same screen through the proxy without the loop: what the tree should be.
  proxy.clear();
  await page.goto(`${host.url}#/pages`);
  const tree = page.getByRole('tree', { name: 'Pages' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await expect(page.getByText(/Loading more pages/)).toHaveCount(0);
  const total = listRequests('pages');
  const realTopLevel = await tree.locator('[role="treeitem"][aria-level="1"]').allTextContents();
  const pages = await firstPage('pages', { limit: '200' });

  loopEveryList();
  await page.reload();
  await expect(stopped(page, 'pages')).toHaveText(
    `The service sent a page it had already sent (on page 2, id ${pages[0]?.id}). Stopped loading pages so nothing is shown twice. Showing the ${pages.length} found so far.`,
  );
  await expect(page.getByText(/Loading more pages/)).toHaveCount(0);
  await proxy.quiet();
  expect(listRequests('pages')).toBeLessThanOrEqual(HANDFUL);
  // One page of pages held the whole list: the tree is the real one, each page once.
  if (total === 1) {
    expect(await tree.locator('[role="treeitem"][aria-level="1"]').allTextContents()).toEqual(
      realTopLevel,
    );
  }
});

test('projects stop, each once; a list that hides its loop behind fresh cursors, or never sends an item, stops too', async ({
  page,
}) => {
  const projects = await firstPage('projects', { limit: '200' });
  await page.goto(`${host.url}#/projects`);
  const main = page.getByRole('main');
  const note = await scrollUntilStopped(main, 'projects', /^Load more projects/);
  await expect(note).toContainText(`Showing the ${projects.length} found so far.`);
  await proxy.quiet();
  expect(listRequests('projects')).toBeLessThanOrEqual(HANDFUL);
  const names = await main.getByRole('listitem').getByRole('link').allTextContents();
  expect(names).toEqual(projects.map((project) => project.name));

  // A new next_cursor every time: only the repeated projects give the loop away.
  loopEveryList({ kind: 'loop', cursors: 'fresh' });
  await page.reload();
  await expect(await scrollUntilStopped(main, 'projects', /^Load more projects/)).toContainText(
    `The service sent a project it had already sent (on page 2, id ${projects[0]?.id}).`,
  );
  await proxy.quiet();
  expect(listRequests('projects')).toBeLessThanOrEqual(HANDFUL);
  expect(await main.getByRole('listitem').getByRole('link').allTextContents()).toEqual(names);

  // Empty pages that always point further: three in a row, then it says so.
  loopEveryList({ kind: 'loop', empty: true });
  await page.reload();
  await expect(stopped(main, 'projects')).toHaveText(
    'The service sent 3 pages in a row with no projects but a link to more (up to page 3), so its list may never end. Stopped loading projects. Showing the 0 found so far.',
  );
  await proxy.quiet();
  expect(listRequests('projects')).toBe(3);
});

test('Go to (Ctrl+K) offers each item once and says which lists were cut short', async ({
  page,
}) => {
  const tables = await firstPage('tables', { limit: '100' });
  await page.goto(host.url);
  const sidebar = page.getByRole('region', { name: 'Tables' });
  await scrollUntilStopped(sidebar, 'tables', /^Load more tables/);

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: /Go to/ });
  await expect(dialog).toBeVisible();
  const status = dialog.getByRole('status');
  await expect(status).toContainText('match');
  await expect(status).toContainText(
    `Tables: The service sent a table it had already sent (on page 2, id ${tables[0]?.id}).`,
  );
  await proxy.quiet();
  for (const resource of ['tables', 'skills', 'tasks', 'pages', 'projects'] as const) {
    expect(listRequests(resource), resource).toBeLessThanOrEqual(HANDFUL);
  }
  const tableOptions = await dialog
    .getByRole('group', { name: 'Tables' })
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => option.id));
  // With nothing typed, a group lists its first few.
  expect(tableOptions).toHaveLength(Math.min(tables.length, 6));
  expectNoRepeats(
    await dialog.getByRole('option').evaluateAll((options) => options.map((option) => option.id)),
  );
});
