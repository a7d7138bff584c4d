import type { Page } from '@playwright/test';
import { type ApiTable, apiGet, listTables, tableNamed } from './support/api';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { storedText } from './support/session';

/** The acme and globex workspaces of one reference server (e2e/global-setup.ts). */
async function connectWith(page: Page, apiKey: string, name: string, remember: boolean) {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel(/^Name/).fill(name);
  if (remember) await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

function switcher(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Workspace: / });
}

function tableLinks(page: Page) {
  return page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('region', { name: 'Tables' })
    .getByRole('link');
}

async function switchTo(page: Page, name: string) {
  await switcher(page).click();
  await page
    .getByRole('region', { name: 'Workspaces' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

test('two workspaces: switching is one click and keeps each one’s view; Forget removes one', async ({
  page,
}) => {
  const acmeTables = await listTables();
  const { tables: globexTables } = await apiGet<{ tables: ApiTable[] }>(
    '/api/public/v1/tables',
    { limit: '100' },
    keys.globex,
  );
  const orders = await tableNamed('Orders');
  const globexFirst = globexTables[0];
  if (!globexFirst) throw new Error('the globex workspace has no tables');

  await page.goto('/');
  await connectWith(page, keys.full, 'Acme', true);
  await expect(recordsGrid(page)).toBeVisible();
  // Acme: Orders, sorted by amount.
  await tableLinks(page).filter({ hasText: 'Orders' }).first().click();
  await page.getByRole('button', { name: 'amount', exact: true }).click();
  await expect(recordsStatus(page)).toContainText('sorted by amount');
  const acmeView = page.url();
  expect(acmeView).toContain(orders.id);

  // Add Globex for this tab only.
  await switcher(page).click();
  await page.getByRole('link', { name: 'Add a workspace…' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a workspace' })).toBeVisible();
  await connectWith(page, keys.globex, 'Globex', false);
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Globex/);
  await expect(tableLinks(page)).toHaveText(globexTables.map((table) => table.name));
  await expect(page).toHaveURL(new RegExp(`#/tables/${globexFirst.id}$`));

  // One click back to Acme: the same sorted Orders view, Acme's tables.
  await switchTo(page, 'Acme');
  await expect(page).toHaveURL(acmeView);
  await expect(recordsStatus(page)).toContainText('sorted by amount');
  await expect(tableLinks(page)).toHaveText(acmeTables.map((table) => table.name));
  // And to Globex again: its own view.
  await switchTo(page, 'Globex');
  await expect(page).toHaveURL(new RegExp(`#/tables/${globexFirst.id}$`));
  await expect(recordsGrid(page)).toBeVisible();

  // The open switcher and its Details pass axe.
  await switcher(page).click();
  await page.getByText('Details', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Workspaces' })).toContainText('in this tab only');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Workspaces' })).toHaveCount(0);

  // Only the remembered key is on this device; Globex's is in this tab only.
  let stored = await storedText(page);
  expect(stored.local).toContain(keys.full);
  expect(stored.local).not.toContain(keys.globex);
  expect(stored.session).toContain(keys.globex);

  // The switcher closes on Escape and gives focus back to its button.
  await expect(switcher(page)).toBeFocused();

  // Forget Globex (the open one): Acme, still listed, opens where it was; Undo is offered.
  await switcher(page).click();
  await page.getByRole('button', { name: 'Forget Globex' }).click();
  await expect(page).toHaveURL(acmeView);
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Acme/);
  await expect(recordsStatus(page)).toContainText('sorted by amount');
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toContainText('Forgot Globex.');
  stored = await storedText(page);
  expect(stored.session + stored.local).not.toContain(keys.globex);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Undo, from the keyboard (focus went to it): Globex is back, open where it was, its key
  // in this tab only. The offer's time has not started: nothing has been done outside it,
  // however long the checks above took on a slow machine.
  await expect(notifications.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Globex/);
  await expect(page).toHaveURL(new RegExp(`#/tables/${globexFirst.id}$`));
  await expect(notifications.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  stored = await storedText(page);
  expect(stored.session).toContain(keys.globex);
  expect(stored.local).not.toContain(keys.globex);

  // Forgotten for good once the offer is dismissed; the last one forgotten leads to connect.
  await switcher(page).click();
  await page.getByRole('button', { name: 'Forget Globex' }).click();
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Acme/);
  await notifications.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notifications.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await switcher(page).click();
  await page.getByRole('button', { name: 'Forget Acme' }).click();
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByRole('region', { name: 'Your workspaces' })).toHaveCount(0);
  await notifications.getByRole('button', { name: 'Undo' }).click();

  // Acme is back, where it was; Globex stays forgotten.
  await expect(page).toHaveURL(acmeView);
  await expect(recordsStatus(page)).toContainText('sorted by amount');
  stored = await storedText(page);
  expect(stored.local).toContain(keys.full);
  expect(stored.session + stored.local).not.toContain(keys.globex);
});

test('Sign out forgets every workspace', async ({ page }) => {
  await page.goto('/');
  await connectWith(page, keys.full, 'Acme', true);
  await expect(recordsGrid(page)).toBeVisible();
  await switcher(page).click();
  await page.getByRole('link', { name: 'Add a workspace…' }).click();
  await connectWith(page, keys.globex, 'Globex', false);
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Globex/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByRole('region', { name: 'Your workspaces' })).toHaveCount(0);
  let stored = await storedText(page);
  for (const key of [keys.full, keys.globex]) {
    expect(stored.session + stored.local).not.toContain(key);
  }

  // Undo within a few seconds puts back every workspace, each key where it was kept, and
  // the open one.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toContainText('Signed out');
  // Focus is on Undo: one key brings everything back.
  await expect(notifications.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(switcher(page)).toHaveAccessibleName(/^Workspace: Globex/);
  await expect(recordsGrid(page)).toBeVisible();
  stored = await storedText(page);
  expect(stored.local).toContain(keys.full);
  expect(stored.local).not.toContain(keys.globex);
  expect(stored.session).toContain(keys.globex);
  await switchTo(page, 'Acme');
  await expect(recordsGrid(page)).toBeVisible();

  // Signed out again and moved on (the person clicks elsewhere: focus moving alone does not
  // start the offer's time): the offer lapses and nothing comes back.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(notifications.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.getByLabel('API key', { exact: true }).click();
  await expect(notifications.getByRole('button', { name: 'Undo' })).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.reload();
  await expect(page).toHaveURL(/#\/connect$/);
  await expect(page.getByRole('region', { name: 'Your workspaces' })).toHaveCount(0);
});

test.describe('dark color scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('the switcher and the connect screen’s list pass axe in dark mode too', async ({ page }) => {
    await page.goto('/');
    await connectWith(page, keys.full, 'Acme', true);
    await expect(recordsGrid(page)).toBeVisible();
    await switcher(page).click();
    await page.getByText('Details', { exact: true }).click();
    await expect(page.getByRole('region', { name: 'Workspaces' })).toContainText('on this device');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add a workspace…' }).click();
    await expect(page.getByRole('region', { name: 'Your workspaces' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
