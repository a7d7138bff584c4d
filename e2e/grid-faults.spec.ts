import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ApiRecord, apiGet, firstRecords, tableNamed } from './support/api';
import {
  type FaultProxy,
  recordsPage,
  startFaultProxy,
  withNextCursor,
  withRecordAgain,
} from './support/fault-proxy';
import { expect, keys, test } from './support/fixtures';
import {
  drawnRows,
  loadedCountOf,
  numberInCell,
  recordsGrid,
  recordsStatus,
  scrollGridToRow,
  scrollGridUntil,
  settledPlaceInGrid,
} from './support/records-grid';
import { CONNECTION_STORAGE_KEY } from './support/session';
import { type StaticServer, startStaticServer } from './support/static-server';

/**
 * The grid against a misbehaving service: the built dashboard on a plain static host,
 * its Service URL the fault proxy (e2e/support/fault-proxy.ts), which forwards to the real
 * reference server and breaks the replies each test chooses. What is drawn is compared
 * with the API's own paging of the same view.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
// Persistent failures are retried with backoff before they are shown: allow for it.
test.setTimeout(90_000);

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

/** The view as the grid pages it (100, then 500 a page): its records and each page's cursor. */
async function pagesOf(tableId: string, pageCount: number) {
  const records: ApiRecord[] = [];
  const cursors: (string | null)[] = [null];
  for (let k = 0; k < pageCount; k += 1) {
    const cursor = cursors[k] ?? null;
    const params: Record<string, string> = { limit: k === 0 ? '100' : '500' };
    if (cursor) params.cursor = cursor;
    const page = await apiGet<{ records: ApiRecord[]; next_cursor: string | null }>(
      `/api/public/v1/tables/${tableId}/records`,
      params,
    );
    records.push(...page.records);
    cursors.push(page.next_cursor);
    if (page.next_cursor === null) break;
  }
  return { records, cursor: (k: number) => cursors[k] as string };
}

async function openOrders(page: Page, search = '') {
  const orders = await tableNamed('Orders');
  await page.goto(`${host.url}#/tables/${orders.id}${search}`);
  await expect(recordsGrid(page)).toBeVisible();
  await expect(recordsStatus(page)).toContainText('100 records loaded');
  return orders;
}

/** Every drawn row is the API's record at that position: nothing repeated, nothing missing. */
async function expectRowsAsTheApiPagesThem(page: Page, records: ApiRecord[]) {
  const drawn = await drawnRows(page);
  expect(drawn.length).toBeGreaterThan(5);
  expect(drawn.map((row) => numberInCell(row.cells.order_no))).toEqual(
    drawn.map((row) => records[row.index]?.fields.order_no),
  );
}

function alertOf(page: Page) {
  return page.getByRole('main').getByRole('alert');
}

const loadedAtLeast = (page: Page, count: number) => async () =>
  ((await loadedCountOf(page)) ?? 0) >= count;

test.describe('the grid through the fault proxy', () => {
  test.beforeEach(async ({ page }) => {
    proxy.clear();
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

  test('a repeated next_cursor ends paging with a message, and no record shows twice', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 4);
    // Page 3 hands out page 2's cursor again: followed blindly, pages 2 and 3 would loop.
    proxy.add({
      when: recordsPage(orders.id, view.cursor(2)),
      fault: withNextCursor(view.cursor(1)),
    });
    await openOrders(page);

    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0);
    await expect(alertOf(page)).toHaveText(
      'The service sent a next-page link it had already sent (after page 3), so its list would repeat from there. Stopped loading records so nothing is shown twice.',
    );
    await expect(alertOf(page)).toBeInViewport();
    await expect(recordsStatus(page)).toContainText('1,100 records loaded · loading stopped');
    await expect(page.getByRole('button', { name: 'Jump to end' })).toHaveCount(0);

    await scrollGridUntil(page, async () => (await drawnRows(page)).at(-1)?.index === 1_099);
    await expectRowsAsTheApiPagesThem(page, view.records);
    const asked = proxy.requests.filter((r) => r.method === 'GET' && r.recordsOf === orders.id);
    expect(asked.map((r) => r.query.get('cursor'))).toEqual([null, view.cursor(1), view.cursor(2)]);
  });

  test('Jump to end stops on a cursor loop instead of running on', async ({ page }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 6);
    proxy.add({
      when: recordsPage(orders.id, view.cursor(4)),
      fault: withNextCursor(view.cursor(3)),
    });
    // Jump to end reads the view backwards first (decision 018): a service that ignores
    // the reversed sort answers in the view's own order, so the grid walks, which is
    // what this test is about.
    const reversed = (r: { query: URLSearchParams }) => r.query.get('sort') === 'created_at:desc';
    proxy.add({
      when: (r) => recordsPage(orders.id)(r) && reversed(r),
      fault: { kind: 'forward-without', parameter: (name) => name === 'sort' },
    });
    await openOrders(page);

    await page.getByRole('button', { name: 'Jump to end' }).click();
    await expect(alertOf(page)).toContainText('already sent (after page 5)');
    await expect(recordsStatus(page)).toContainText('2,100 records loaded · loading stopped');
    const asked = proxy.requests.filter(
      (r) => r.method === 'GET' && r.recordsOf === orders.id && !reversed(r),
    );
    expect(asked).toHaveLength(5);
    await scrollGridUntil(page, async () => (await drawnRows(page)).at(-1)?.index === 2_099);
    await expectRowsAsTheApiPagesThem(page, view.records);
  });

  test('a page holding a record already shown is dropped, and the message names it', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 2);
    const again = view.records[5];
    proxy.add({ when: recordsPage(orders.id, view.cursor(1)), fault: withRecordAgain(again) });
    await openOrders(page);

    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0);
    await expect(alertOf(page)).toContainText(
      `The service sent a record it had already sent (on page 2, id ${again?.id}).`,
    );
    await expect(recordsStatus(page)).toContainText('100 records loaded · loading stopped');
    await expect.poll(async () => (await drawnRows(page)).at(-1)?.index).toBe(99);
    await expectRowsAsTheApiPagesThem(page, view.records);
  });

  test('an earlier page that fails while scrolling up is announced at the top; Retry keeps the row', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 10);
    await openOrders(page);
    // Far enough down that the first pages leave memory (eight pages are kept).
    for (let loaded = 100; loaded < 4_600; loaded = (await loadedCountOf(page)) ?? 0) {
      await scrollGridToRow(page, loaded - 10);
      await expect.poll(() => loadedCountOf(page)).toBeGreaterThan(loaded);
    }
    await expect(recordsStatus(page)).toContainText('4,600 records loaded');

    proxy.add({
      when: recordsPage(orders.id, view.cursor(1)),
      fault: { kind: 'status', status: 500 },
    });
    await scrollGridToRow(page, 660);
    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0, { deltaY: -300 });
    await expect(alertOf(page)).toHaveText(
      'Could not load the records above. The service ran into a problem. Try again in a moment.Retry',
    );
    await expect(alertOf(page)).toBeInViewport();
    await expect(recordsStatus(page)).toContainText('loading stopped');
    const place = await settledPlaceInGrid(page);
    expect(place.firstRow).toBeLessThan(600);

    proxy.clear();
    await alertOf(page).getByRole('button', { name: 'Retry' }).click();
    await expect(alertOf(page)).toHaveCount(0);
    await expect
      .poll(async () => (await drawnRows(page)).some((row) => row.index === place.firstRow))
      .toBe(true);
    expect(await settledPlaceInGrid(page)).toEqual(place);
    await expectRowsAsTheApiPagesThem(page, view.records);
  });

  test('a garbled, item-less or redirected reply is retried; a persistent one is named, with Retry', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 6);
    proxy.add({
      when: recordsPage(orders.id, view.cursor(1)),
      fault: { kind: 'truncate' },
      times: 1,
    });
    proxy.add({
      when: recordsPage(orders.id, view.cursor(2)),
      fault: { kind: 'drop-items' },
      times: 1,
    });
    proxy.add({
      when: recordsPage(orders.id, view.cursor(3)),
      fault: { kind: 'redirect' },
      times: 1,
    });
    await openOrders(page);
    await scrollGridUntil(page, loadedAtLeast(page, 2_100));
    expect(proxy.broken).toBe(3);
    await expect(alertOf(page)).toHaveCount(0);

    // Pages 0–4 are loaded: the next one asked for is page 5.
    proxy.add({ when: recordsPage(orders.id, view.cursor(5)), fault: { kind: 'truncate' } });
    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0);
    await expect(alertOf(page)).toHaveText(
      `Could not load more records. ${proxy.url} sent an incomplete or garbled reply (not valid JSON).Retry`,
    );
    const place = await settledPlaceInGrid(page);
    proxy.clear();
    await alertOf(page).getByRole('button', { name: 'Retry' }).click();
    await expect(recordsStatus(page)).toContainText('2,600 records loaded');
    expect(await settledPlaceInGrid(page)).toEqual(place);
    await expectRowsAsTheApiPagesThem(page, view.records);
  });

  test('a connection cut mid-reply is called a cut connection, not CORS; Retry keeps the row', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 3);
    proxy.add({ when: recordsPage(orders.id, view.cursor(1)), fault: { kind: 'cut' } });
    await openOrders(page);
    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0);
    await expect(alertOf(page)).toHaveText(
      `Could not load more records. The connection to ${proxy.url} was cut before the reply was complete.Retry`,
    );
    await expect(alertOf(page)).not.toContainText('CORS');
    const place = await settledPlaceInGrid(page);

    proxy.clear();
    await alertOf(page).getByRole('button', { name: 'Retry' }).click();
    await expect(recordsStatus(page)).toContainText('600 records loaded');
    expect(await settledPlaceInGrid(page)).toEqual(place);
    await expectRowsAsTheApiPagesThem(page, view.records);
  });

  test('a 429 storm is waited out (Retry-After, or X-RateLimit-Reset alone); a lasting one is said once', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const view = await pagesOf(orders.id, 5);
    proxy.add({
      when: recordsPage(orders.id, view.cursor(1)),
      fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } },
      times: 2,
    });
    proxy.add({
      when: recordsPage(orders.id, view.cursor(2)),
      fault: {
        kind: 'status',
        status: 429,
        headers: {
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 2),
        },
      },
      times: 2,
    });
    await openOrders(page);
    await scrollGridUntil(page, loadedAtLeast(page, 1_100), { timeout: 30_000 });
    expect(proxy.broken).toBe(4);
    await expect(alertOf(page)).toHaveCount(0);
    await expectRowsAsTheApiPagesThem(page, view.records);

    proxy.add({
      when: recordsPage(orders.id, view.cursor(3)),
      fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } },
    });
    await scrollGridUntil(page, async () => (await alertOf(page).count()) > 0, { timeout: 30_000 });
    await expect(alertOf(page)).toHaveText(
      'Could not load more records. The service is receiving too many requests from this key. Try again in 1 second.Retry',
    );
    const place = await settledPlaceInGrid(page);
    proxy.clear();
    await alertOf(page).getByRole('button', { name: 'Retry' }).click();
    await expect(recordsStatus(page)).toContainText('1,600 records loaded');
    expect(await settledPlaceInGrid(page)).toEqual(place);
  });

  test('a page size the service refuses falls back to its default page size', async ({ page }) => {
    const orders = await tableNamed('Orders');
    proxy.add({
      when: (request) => recordsPage(orders.id)(request) && request.query.get('limit') === '500',
      fault: {
        kind: 'status',
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'limit must be at most 100.',
            details: { param: 'limit', reason: 'invalid_limit' },
          },
        },
      },
    });
    await openOrders(page);
    await scrollGridUntil(page, loadedAtLeast(page, 300));
    await expect(alertOf(page)).toHaveCount(0);
    const asked = proxy.requests.filter((r) => r.method === 'GET' && r.recordsOf === orders.id);
    expect(asked.slice(2).every((r) => r.query.get('limit') === null)).toBe(true);
    await expectRowsAsTheApiPagesThem(page, await firstRecords(orders.id, 400));
  });

  test('a filter the service ignores is reported, never presented as applied', async ({ page }) => {
    const orders = await tableNamed('Orders');
    proxy.add({
      when: recordsPage(orders.id),
      fault: { kind: 'forward-without', parameter: (name) => name.startsWith('filter[') },
    });
    await openOrders(page, '?filter%5Bstatus%5D=paid');
    await expect(alertOf(page)).toHaveText(
      'The service did not apply the filter on status: the rows below are not filtered that way.',
    );
    await expect(recordsStatus(page)).not.toContainText('status is');
  });
});

test.describe('requests the browser refuses', () => {
  test.beforeEach(() => proxy.clear());

  test('a service outside the page’s Content-Security-Policy is named as such', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${baseURL}/`);
    await page.getByLabel('Service URL', { exact: true }).fill(proxy.url);
    await page.getByLabel('API key', { exact: true }).fill(keys.full);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    // Said in words a person can act on: what the dashboard may reach, and the way forward.
    await expect(page.getByRole('alert')).toContainText(
      `so the browser did not let it reach ${proxy.url}`,
    );
    await expect(page.getByText('--connect-src')).toBeVisible();
  });

  test('a service without CORS is named as such, with the proxy-mode command', async ({ page }) => {
    const noCors = await startFaultProxy({ upstream: upstream(), cors: false });
    try {
      await page.goto(`${host.url}#/connect`);
      await page.getByLabel('Service URL', { exact: true }).fill(noCors.url);
      await page.getByLabel('API key', { exact: true }).fill(keys.full);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(
        `${noCors.url} answered, but does not allow this site to read its replies (CORS). Ask for this site's address to be allowed there, or open the dashboard through the reference server's proxy mode.`,
      );
      await expect(
        page.getByText(`npm run server -- --proxy ${noCors.url} --dashboard dist`),
      ).toBeVisible();
    } finally {
      await noCors.close();
    }
  });
});
