import type { Page } from '@playwright/test';
import { type ApiRecord, apiGet, tableNamed } from './support/api';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { dashboardBehindFaultProxy } from './support/proxied-dashboard';
import {
  gridRowAt,
  openRecordsTable,
  placeInGrid,
  recordsGrid,
  recordsStatus,
  scrollToFirstRow,
  sortButton,
  topRecordId,
} from './support/records-grid';
import { storedText } from './support/session';

/**
 * Issue 12, point 4: the grid keeps its place. A reload and Back/Forward return to the
 * record that was at the top of the grid (found again by its id), and on a device the
 * user chose to remember, the last view paints from saved rows before its request returns.
 * Sign out leaves nothing of it in web storage. Against the real reference server; the
 * slow reply is the fault proxy holding the real one back.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// Each test loads 700 rows into Orders twice (before and after a reload) and runs axe over
// a wide grid: slow on a busy machine.
test.setTimeout(90_000);

const PLACES = 'workspace-browser.view-places';
const SAVED = 'workspace-browser.saved-views';

/** The view as the grid pages it (100, then 500 a page): `count` records, and each page's cursor. */
async function pagedView(tableId: string, count: number, sort?: string) {
  const records: ApiRecord[] = [];
  const cursors: (string | null)[] = [null];
  let cursor: string | null = null;
  do {
    const params: Record<string, string> = { limit: records.length === 0 ? '100' : '500' };
    if (sort) params.sort = sort;
    if (cursor) params.cursor = cursor;
    const page: { records: ApiRecord[]; next_cursor: string | null } = await apiGet(
      `/api/public/v1/tables/${tableId}/records`,
      params,
    );
    records.push(...page.records);
    cursor = page.next_cursor;
    cursors.push(cursor);
  } while (cursor !== null && records.length < count);
  return { records, cursorOfPage: (index: number) => cursors[index] ?? null };
}

async function recordsAsPaged(tableId: string, count: number, sort?: string) {
  return (await pagedView(tableId, count, sort)).records;
}

/**
 * Starts the tab connected to a workspace with a fixed id, as connecting through the form
 * leaves it (sessionStorage only, not remembered; `remembered`: localStorage).
 */
async function startInWorkspace(page: Page, serviceUrl: string, remembered = false) {
  await page.addInitScript(
    ({ serviceUrl, apiKey, remembered }) => {
      if (sessionStorage.getItem('e2e.seeded') !== null) return;
      sessionStorage.setItem('e2e.seeded', '1');
      const list = JSON.stringify({
        workspaces: [{ id: 'ws-e2e-keep-place', name: null, serviceUrl, apiKey }],
        activeId: 'ws-e2e-keep-place',
      });
      (remembered ? localStorage : sessionStorage).setItem('workspace-browser.workspaces', list);
    },
    { serviceUrl, apiKey: keys.full, remembered },
  );
}

/** Waits until the place of the view on screen is written (writes follow a scroll's pause). */
async function placeSaved(page: Page, recordId: string) {
  await expect
    .poll(() => page.evaluate((name) => sessionStorage.getItem(name) ?? '', PLACES))
    .toContain(recordId);
}

test('a reload returns to the record that was the first visible row', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const records = await recordsAsPaged(orders.id, 800);
  await startInWorkspace(page, '');
  await openRecordsTable(page, orders.id);

  await scrollToFirstRow(page, 700);
  const before = await topRecordId(page);
  expect(before).toBe(records[700]?.id);
  await placeSaved(page, before);

  await page.reload();
  await expect(gridRowAt(page, 700)).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(700);
  expect(await topRecordId(page)).toBe(before);
  // The place holds no key, and nothing of it is in localStorage without "Remember".
  const places = await page.evaluate((name) => sessionStorage.getItem(name) ?? '', PLACES);
  expect(places).toContain(before);
  expect(places).not.toContain(keys.full);
  const stored = await storedText(page);
  expect(stored.local).not.toContain(PLACES);
  expect(stored.local).not.toContain(SAVED);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('Back and Forward return each view to its own row', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const byAmount = await recordsAsPaged(orders.id, 400, 'amount:asc');
  await startInWorkspace(page, '');
  await openRecordsTable(page, orders.id);
  await scrollToFirstRow(page, 650);
  const first = await topRecordId(page);
  await placeSaved(page, first);

  // Sorting opens another view: it starts at its first row.
  await sortButton(page, 'amount').click();
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
  await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(0);
  await scrollToFirstRow(page, 300);
  const second = await topRecordId(page);
  expect(second).toBe(byAmount[300]?.id);
  await placeSaved(page, second);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(650);
  expect(await topRecordId(page)).toBe(first);

  await page.goForward();
  await expect(page).toHaveURL(/sort=amount(%3A|:)asc/);
  await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(300);
  expect(await topRecordId(page)).toBe(second);
});

test.describe('through the fault proxy (a held or changed reply)', () => {
  const served = dashboardBehindFaultProxy();

  test.beforeEach(() => served.proxy.clear());

  test('a reload paints the saved rows before the records reply, then refreshes in place; Sign out leaves nothing', async ({
    page,
  }) => {
    const { host, proxy } = served;
    const orders = await tableNamed('Orders');
    const records = await recordsAsPaged(orders.id, 800);
    // A workspace remembered on this device (what ticking "Remember" leaves), served
    // through the proxy so a reply can be held back.
    await startInWorkspace(page, proxy.url, true);
    await page.goto(`${host.url}#/tables/${orders.id}`);
    await expect(recordsGrid(page)).toBeVisible();
    await scrollToFirstRow(page, 700);
    const top = await topRecordId(page);
    expect(top).toBe(records[700]?.id);
    await expect
      .poll(() => page.evaluate((name) => localStorage.getItem(name) ?? '', SAVED))
      .toContain(top);

    // Every records request of Orders is held until the test lets it go.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    proxy.clear();
    proxy.add({
      when: (request) => request.recordsOf === orders.id,
      fault: { kind: 'hold', until: released },
    });
    await page.reload();
    await expect(recordsStatus(page)).toContainText(/Saved .+; refreshing…/);
    await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(700);
    await expect(gridRowAt(page, 700)).not.toHaveAttribute('aria-busy', 'true');
    // Painted from the device: the same record, while its request is out, unanswered.
    expect(await topRecordId(page)).toBe(top);
    expect(proxy.requests.some((request) => request.recordsOf === orders.id)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    release();
    await expect(recordsStatus(page)).not.toContainText('refreshing');
    expect((await placeInGrid(page)).firstRow).toBe(700);
    expect(await topRecordId(page)).toBe(top);
    proxy.clear();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/#\/connect/);
    const stored = await storedText(page);
    for (const text of [stored.session, stored.local]) {
      expect(text).not.toContain(PLACES);
      expect(text).not.toContain(SAVED);
      expect(text).not.toContain(top);
    }
  });

  test('saved rows older than the data are replaced by the fresh page without a jump', async ({
    page,
  }) => {
    const { host, proxy } = served;
    const orders = await tableNamed('Orders');
    const view = await pagedView(orders.id, 800);
    const records = view.records;
    await startInWorkspace(page, proxy.url, true);
    await page.goto(`${host.url}#/tables/${orders.id}`);
    await expect(recordsGrid(page)).toBeVisible();
    await scrollToFirstRow(page, 700);
    const top = await topRecordId(page);
    await expect
      .poll(() => page.evaluate((name) => localStorage.getItem(name) ?? '', SAVED))
      .toContain(top);

    // Since the rows were saved, three records above the user's were deleted: the real
    // reply for the user's page, less those three.
    const deleted = new Set(records.slice(650, 653).map((record) => record.id));
    proxy.clear();
    proxy.add({
      when: (request) =>
        request.method === 'GET' &&
        request.recordsOf === orders.id &&
        request.query.get('cursor') === view.cursorOfPage(2),
      fault: {
        kind: 'rewrite',
        change: (body) => ({
          ...body,
          records: (body.records as { id: string }[]).filter((record) => !deleted.has(record.id)),
        }),
      },
    });
    await page.reload();
    await expect.poll(() => proxy.broken).toBeGreaterThan(0);
    await expect(recordsStatus(page)).not.toContainText('refreshing');
    // The fresh rows take the saved ones' place without a jump: the grid stays at row 700
    // (now the record that was at 703) or follows its record the 3 rows up. Either way
    // the top row is the fresh list's record at that row.
    await expect
      .poll(async () => {
        const { firstRow } = await placeInGrid(page);
        const fresh = records[firstRow + 3]?.id;
        return firstRow >= 697 && firstRow <= 700 && (await topRecordId(page)) === fresh;
      })
      .toBe(true);
  });

  test('a record gone since the place was kept: the same position, said so', async ({ page }) => {
    const { host, proxy } = served;
    const orders = await tableNamed('Orders');
    await startInWorkspace(page, proxy.url);
    await page.goto(`${host.url}#/tables/${orders.id}`);
    await expect(recordsGrid(page)).toBeVisible();
    await scrollToFirstRow(page, 700);
    const top = await topRecordId(page);
    await placeSaved(page, top);

    proxy.clear();
    proxy.add({
      when: (request) =>
        request.method === 'GET' && request.recordsOf === orders.id && request.query.has('cursor'),
      fault: {
        kind: 'rewrite',
        change: (body) => ({
          ...body,
          records: (body.records as { id: string }[]).filter((record) => record.id !== top),
        }),
      },
    });
    await page.reload();
    await expect(recordsStatus(page)).toContainText(
      'the row you were at is no longer here; showing the nearest position',
    );
    await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(700);
    expect(await topRecordId(page)).not.toBe(top);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('a kept page whose cursor the service refuses (invalid_cursor) starts the view over at its top, said so', async ({
    page,
  }) => {
    const { host, proxy } = served;
    const orders = await tableNamed('Orders');
    const view = await pagedView(orders.id, 800);
    await startInWorkspace(page, proxy.url);
    await page.goto(`${host.url}#/tables/${orders.id}`);
    await expect(recordsGrid(page)).toBeVisible();
    await scrollToFirstRow(page, 700);
    await placeSaved(page, await topRecordId(page));

    // A server whose data was reset since: the kept page's cursor belongs to no list any more.
    proxy.add({
      when: (request) =>
        request.method === 'GET' &&
        request.recordsOf === orders.id &&
        request.query.get('cursor') === view.cursorOfPage(2),
      fault: {
        kind: 'status',
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'The cursor does not belong to this list. Start again from the first page.',
            details: { param: 'cursor', reason: 'invalid_cursor' },
          },
        },
      },
    });
    await page.reload();
    await expect(recordsStatus(page)).toContainText(
      'the service no longer finds the page you were at; showing the first records',
    );
    await expect.poll(async () => (await placeInGrid(page)).firstRow).toBe(0);
    expect(await topRecordId(page)).toBe(view.records[0]?.id);
  });
});
