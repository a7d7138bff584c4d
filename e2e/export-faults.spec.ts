import { type RunningProcess, startProcess, tsxBinary } from '../scripts/lib/processes';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { allRecords, apiGet, tableNamed } from './support/api';
import { downloadedText, startExport } from './support/export';
import { recordsPage } from './support/fault-proxy';
import { expect, keys, test } from './support/fixtures';
import { dashboardBehindFaultProxy } from './support/proxied-dashboard';
import { recordsStatus } from './support/records-grid';
import { CONNECTION_STORAGE_KEY, startConnected } from './support/session';
import { DIST_DIR } from './support/static-server';

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
  // Chromium has the File System Access API; without a person to answer its file picker,
  // tests take the download path every other browser takes (Playwright sees the download).
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
});

test.describe('under the service’s rate limit', () => {
  // A second reference server on the suite's database with a tight allowance (1 request a
  // second, burst 10), as the real service paces clients: the export must wait, say so,
  // and still write every record once.
  let limited: RunningProcess;

  test.beforeAll(async () => {
    const dbPath = process.env.E2E_DB_PATH;
    if (!dbPath) throw new Error('E2E_DB_PATH is not set: e2e/global-setup.ts did not run');
    limited = await startProcess(
      tsxBinary,
      [
        'server/main.ts',
        '--port',
        '0',
        '--db',
        dbPath,
        '--dashboard',
        DIST_DIR,
        '--rate-limit',
        '60',
        '--rate-burst',
        '10',
        '--quiet',
      ],
      /Open http/,
    );
  });

  test.afterAll(async () => {
    await limited?.stop();
  });

  test('an export paced by the rate limit says it is waiting and writes every record once, in order', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const orders = await tableNamed('Orders');
    const expected = await allRecords(orders.id, { filters: { status: 'refunded' } });
    await page.goto(`${limited.url}/#/tables/${orders.id}?filter%5Bstatus%5D=refunded`);
    await expect(recordsStatus(page)).toContainText('more available');

    const downloadEvent = page.waitForEvent('download', { timeout: 80_000 });
    // Ids only: names would cost a request per customer, minutes at one request a second.
    await startExport(page, 'JSON Lines', { idsOnly: true });
    const progress = page.getByRole('region', { name: 'Export progress' });
    await expect(progress).toContainText(/Waiting \d+ s for the service's rate limit/, {
      timeout: 30_000,
    });
    const lines = (await downloadedText(await downloadEvent)).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(
      expected.map((record) => record.id),
    );
  });
});

test.describe('through the fault proxy', () => {
  // The built dashboard on a plain static host, its Service URL the fault proxy
  // (e2e/support/fault-proxy.ts): real replies from the reference server, chosen ones broken.
  const served = dashboardBehindFaultProxy();

  test.beforeEach(async ({ page }) => {
    served.proxy.clear();
    // Runs after the suite's own connection seed, so this connection (through the proxy) wins.
    await page.addInitScript(
      ({ storageKey, connection }) => {
        if (sessionStorage.getItem('e2e.proxy-seeded') !== null) return;
        sessionStorage.setItem('e2e.proxy-seeded', '1');
        sessionStorage.setItem(storageKey, JSON.stringify(connection));
      },
      {
        storageKey: CONNECTION_STORAGE_KEY,
        connection: { serviceUrl: served.proxy.url, apiKey: keys.full, skillsPath: null },
      },
    );
  });

  /** The cursor of page `index` when the view is paged 500 at a time, as Export pages it. */
  async function exportCursor(tableId: string, filters: Record<string, string>, index: number) {
    let cursor: string | null = null;
    for (let page = 0; page < index; page += 1) {
      const params: Record<string, string> = { limit: '500' };
      for (const [column, value] of Object.entries(filters)) params[`filter[${column}]`] = value;
      if (cursor) params.cursor = cursor;
      const body: { next_cursor: string | null } = await apiGet(
        `/api/public/v1/tables/${tableId}/records`,
        params,
      );
      cursor = body.next_cursor;
    }
    if (!cursor) throw new Error(`the view has no page ${index}`);
    return cursor;
  }

  test('a page that keeps failing: the partial file holds every record before it once, in order, and says it is incomplete', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const orders = await tableNamed('Orders');
    const filters = { status: 'refunded' };
    const expected = await allRecords(orders.id, { filters });
    const failing = await exportCursor(orders.id, filters, 4);
    served.proxy.add({
      when: recordsPage(orders.id, failing),
      fault: { kind: 'status', status: 500 },
    });
    await page.goto(`${served.host.url}#/tables/${orders.id}?filter%5Bstatus%5D=refunded`);
    await expect(recordsStatus(page)).toContainText('more available');

    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await startExport(page, 'CSV');
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^Orders \d{4}-\d{2}-\d{2}\.partial\.csv$/);
    const rows = parseCsv(await downloadedText(download));
    const marker = rows.pop();
    expect(marker?.[0]).toMatch(/^INCOMPLETE EXPORT: stopped at \S+ after 2,000 records\. /);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      expected.slice(0, 2_000).map((record) => record.id),
    );
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      `Export stopped after 2,000 records.`,
    );
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      `${download.suggestedFilename()} (in your downloads) holds those records and ends with a line saying the export is incomplete.`,
    );
  });

  test('a 429 storm: the export waits as the service says, tells the user, and writes every record once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const orders = await tableNamed('Orders');
    const filters = { status: 'refunded' };
    const expected = await allRecords(orders.id, { filters });
    const stormed = await exportCursor(orders.id, filters, 2);
    served.proxy.add({
      when: recordsPage(orders.id, stormed),
      fault: { kind: 'status', status: 429, headers: { 'Retry-After': '2' } },
      times: 3,
    });
    await page.goto(`${served.host.url}#/tables/${orders.id}?filter%5Bstatus%5D=refunded`);
    await expect(recordsStatus(page)).toContainText('more available');

    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    // Ids only: the storm is on a page of the walk, reached sooner without names to read.
    await startExport(page, 'JSON Lines', { idsOnly: true });
    await expect(page.getByRole('region', { name: 'Export progress' })).toContainText(
      /Waiting [23] s for the service's rate limit/,
    );
    const lines = (await downloadedText(await downloadEvent)).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(
      expected.map((record) => record.id),
    );
    expect(served.proxy.broken).toBe(3);
  });
});
