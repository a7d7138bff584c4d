import path from 'node:path';
import type { Page } from '@playwright/test';
import { type ApiRecord, allRecords, tableNamed } from './support/api';
import { type FaultProxy, type ListBody, startFaultProxy } from './support/fault-proxy';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import {
  numberInCell,
  recordRecordsRequests,
  recordsGrid,
  recordsStatus,
} from './support/records-grid';
import { CONNECTION_STORAGE_KEY, startConnected } from './support/session';
import { type StaticServer, startStaticServer } from './support/static-server';

/**
 * Jump to end reads the view backwards instead of walking it (decision 018): the last
 * records at once, anchored at the bottom, earlier ones as the user scrolls up. What is
 * drawn is compared with the API's own full walk of the view.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** The order numbers of the loaded rows drawn, top to bottom (positions are unknown at the end). */
async function drawnOrderNumbers(page: Page): Promise<(number | null)[]> {
  const texts = await recordsGrid(page).evaluate((grid) => {
    const names = [...grid.querySelectorAll('[role="columnheader"]')].map(
      (header) => header.querySelector('button span')?.textContent ?? '',
    );
    const column = names.indexOf('order_no');
    return [...grid.querySelectorAll<HTMLElement>('tbody [role="row"]:not([aria-busy])')]
      .map((row) => ({
        top: row.getBoundingClientRect().top,
        text: row.querySelectorAll('[role="gridcell"]')[column]?.textContent ?? '',
      }))
      .sort((a, b) => a.top - b.top)
      .map((row) => row.text);
  });
  return texts.map(numberInCell);
}

/**
 * The drawn rows are a run of the API's records, in order and each once (the last one last
 * when `endsAtLast`). Returns where the run starts and ends among them.
 */
async function expectDrawnRunOf(page: Page, records: ApiRecord[], endsAtLast: boolean) {
  const drawn = await drawnOrderNumbers(page);
  expect(drawn.length).toBeGreaterThan(5);
  expect(new Set(drawn).size).toBe(drawn.length);
  const numbers = records.map((record) => record.fields.order_no as number);
  const start = numbers.indexOf(drawn[0] as number);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(drawn).toEqual(numbers.slice(start, start + drawn.length));
  if (endsAtLast) expect(start + drawn.length).toBe(numbers.length);
  return { start, end: start + drawn.length };
}

/** Scrolls the grid up with the wheel, `deltaY` pixels a turn, until `done` holds. */
async function scrollUpUntil(page: Page, done: () => Promise<boolean>, deltaY = 3_000) {
  const box = await recordsGrid(page).locator('xpath=..').boundingBox();
  if (!box) throw new Error('the grid is not on screen');
  await page.mouse.move(box.x + Math.min(box.width, 600) / 2, box.y + box.height / 2);
  await expect(async () => {
    await page.mouse.wheel(0, -deltaY);
    expect(await done()).toBe(true);
  }).toPass({ timeout: 60_000, intervals: [150] });
}

test.describe('against the reference server', () => {
  test.beforeEach(async ({ page }) => {
    await startConnected(page);
  });

  test('Jump to end on Orders in its default order shows the API’s last records at once, then earlier ones going up', async ({
    page,
  }) => {
    test.slow();
    const orders = await tableNamed('Orders');
    const records = await allRecords(orders.id);
    await page.goto(`/#/tables/${orders.id}`);
    await expect(recordsStatus(page)).toContainText('100 records loaded');
    const requests = recordRecordsRequests(page);

    await page.getByRole('button', { name: 'Jump to end' }).click();
    await expect(recordsStatus(page)).toContainText('Showing the end: the last 500 records');
    await expect(page.getByRole('button', { name: 'Back to start' })).toBeVisible();
    // One reversed request, no walk.
    expect(requests.map((r) => [r.sort, r.cursor])).toEqual([['created_at:desc', null]]);
    // The last record, drawn last and focused, is the API's last.
    const lastNumber = records.at(-1)?.fields.order_no as number;
    await expect.poll(async () => (await drawnOrderNumbers(page)).at(-1)).toBe(lastNumber);
    await expect(page.locator(':focus')).toHaveText(lastNumber.toLocaleString('en-US'));
    // The keyboard and the row panel work at the end; its place is counted from the end.
    await page.keyboard.press('ArrowUp');
    const secondLast = records.at(-2)?.fields.order_no as number;
    await expect(page.locator(':focus')).toHaveText(secondLast.toLocaleString('en-US'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText('record 2 from the end');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectDrawnRunOf(page, records, true);
    // Positions are unknown at the end: no row numbers are claimed.
    await expect(recordsGrid(page)).toHaveAttribute('aria-rowcount', '-1');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Up past the first 500: the next reversed page is prepended without moving the view.
    const before = await drawnOrderNumbers(page);
    await scrollUpUntil(page, async () =>
      (await drawnOrderNumbers(page)).some(
        (n) => n !== null && n < (records.at(-520)?.fields.order_no as number),
      ),
    );
    await expect(recordsStatus(page)).toContainText(/the last (1,000|1,500|2,000) records/);
    // Earlier pages come from the reversed cursors: nothing is walked from the start.
    expect(requests.filter((r) => r.cursor !== null).length).toBeGreaterThan(0);
    expect(requests.every((r) => r.sort === 'created_at:desc')).toBe(true);
    // Once the prepended page is drawn in place, the rows are still a run of the API's.
    await expect(async () => {
      const { start } = await expectDrawnRunOf(page, records, false);
      expect(start).toBeLessThan(records.length - 500);
    }).toPass();
    expect(before.length).toBeGreaterThan(5);

    await page.getByRole('button', { name: 'Back to start' }).click();
    await expect(recordsStatus(page)).toContainText('records loaded');
    await expect
      .poll(async () => (await drawnOrderNumbers(page))[0])
      .toBe(records[0]?.fields.order_no);
  });

  // amount is a NUMBER column with nulls (3 % of Orders): ascending, the list ends with the
  // empty cells ordered by id; the end is read through filter[amount]= in reverse.
  test('Jump to end on Orders sorted by a nullable number shows the API’s last record, and the values before the empty cells going up', async ({
    page,
  }) => {
    test.slow();
    const orders = await tableNamed('Orders');
    const records = await allRecords(orders.id, { sort: 'amount:asc' });
    const firstEmpty = records.findIndex((record) => record.fields.amount == null);
    expect(firstEmpty).toBeGreaterThan(0);
    await page.goto(`/#/tables/${orders.id}?sort=amount:asc`);
    await expect(recordsStatus(page)).toContainText('100 records loaded');
    const requests = recordRecordsRequests(page);

    await page.getByRole('button', { name: 'Jump to end' }).click();
    await expect(recordsStatus(page)).toContainText('Showing the end');
    await expect
      .poll(async () => (await drawnOrderNumbers(page)).at(-1))
      .toBe(records.at(-1)?.fields.order_no);
    await expectDrawnRunOf(page, records, true);
    expect(requests[0]).toMatchObject({
      sort: 'amount:desc',
      cursor: null,
      filters: { amount: '' },
    });

    // Up to where the values end and the empty block starts: still the API's order.
    const positionOf = new Map(records.map((record, i) => [record.fields.order_no, i]));
    const highest = async () =>
      Math.min(...(await drawnOrderNumbers(page)).map((n) => positionOf.get(n) ?? Infinity));
    await scrollUpUntil(page, async () => (await highest()) < firstEmpty + 300);
    // A screenful at a time, so the boundary is drawn on the way.
    await scrollUpUntil(page, async () => (await highest()) < firstEmpty - 5, 300);
    await expect(async () => {
      const { start, end } = await expectDrawnRunOf(page, records, false);
      expect(start).toBeLessThan(firstEmpty);
      expect(end).toBeGreaterThan(firstEmpty);
    }).toPass();
    expect(requests.some((r) => r.sort === 'amount:desc' && !('amount' in r.filters))).toBe(true);
  });
});

test.describe('through a service that does not flip ties', () => {
  let host: StaticServer;
  let proxy: FaultProxy;

  test.beforeAll(async () => {
    const upstream = process.env.E2E_BASE_URL;
    if (!upstream) throw new Error('E2E_BASE_URL is not set: e2e/global-setup.ts did not run');
    host = await startStaticServer({ root: path.resolve(import.meta.dirname, '../dist') });
    proxy = await startFaultProxy({ upstream });
  });

  test.afterAll(async () => {
    await proxy?.close();
    await host?.close();
  });

  test('Jump to end walks the view when the reversed sort orders equal values by id the same way', async ({
    page,
  }) => {
    test.slow();
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
    const orders = await tableNamed('Orders');
    // Orders has pairs created in the same second: in created_at:desc the service keeps
    // each pair in ascending id order, as a service that always breaks ties upward would.
    proxy.add({
      when: (request) =>
        request.method === 'GET' &&
        request.recordsOf === orders.id &&
        request.query.get('sort') === 'created_at:desc',
      fault: { kind: 'rewrite', change: tiesByIdAscending },
    });
    const records = await allRecords(orders.id, { filters: { status: 'refunded' } });

    await page.goto(`${host.url}#/tables/${orders.id}?filter%5Bstatus%5D=refunded`);
    await expect(recordsStatus(page)).toContainText('100 records loaded');
    await page.getByRole('button', { name: 'Jump to end' }).click();

    await expect(recordsStatus(page)).toContainText(
      `All ${records.length.toLocaleString('en-US')} records`,
      { timeout: 60_000 },
    );
    await expect(page.getByRole('button', { name: 'Back to start' })).toHaveCount(0);
    await expect(recordsGrid(page)).toHaveAttribute('aria-rowcount', String(records.length + 1));
    await expect
      .poll(async () => (await drawnOrderNumbers(page)).at(-1))
      .toBe(records.at(-1)?.fields.order_no);
    const asked = proxy.requests.filter((r) => r.method === 'GET' && r.recordsOf === orders.id);
    // One reversed page read and refused, then the walk from the first pages' end.
    expect(asked.filter((r) => r.query.get('sort') === 'created_at:desc')).toHaveLength(1);
    expect(proxy.broken).toBe(1);
  });
});

/** Each run of records with the same created_at, ordered by id ascending. */
function tiesByIdAscending(body: ListBody): ListBody {
  const records = Array.isArray(body.records) ? (body.records as ApiRecord[]) : [];
  const out: ApiRecord[] = [];
  for (let i = 0; i < records.length; ) {
    let end = i + 1;
    while (end < records.length && records[end]?.created_at === records[i]?.created_at) end += 1;
    out.push(...records.slice(i, end).sort((a, b) => (a.id < b.id ? -1 : 1)));
    i = end;
  }
  return { ...body, records: out };
}
