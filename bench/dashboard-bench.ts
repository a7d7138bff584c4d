import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { FIRST_PAGE_SIZE, PAGE_SIZE } from '../src/features/records/api/record-queries';
import { type Measure, summarize } from './lib/results';
import { bigDatabasePath } from './server-bench';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SCROLL_TARGET = Number(process.env.BENCH_SCROLL_RECORDS ?? 100_000);
const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);

/** Timestamps for "click" and "first data row painted", long tasks, most rows at once. */
const PAGE_PROBE = path.join(import.meta.dirname, 'lib/page-probe.js');

interface Probe {
  clickAt: number;
  rowPaintedAt: number;
  longTasks: number[];
  maxRowElements: number;
}

const readProbe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

async function waitForPaintAfterClick(page: Page): Promise<number> {
  await page
    .waitForFunction(
      () => {
        const probe = (window as unknown as { __bench: Probe }).__bench;
        return probe.rowPaintedAt > 0 && probe.rowPaintedAt > probe.clickAt;
      },
      undefined,
      { timeout: 30_000, polling: 'raf' },
    )
    .catch(async (error: Error) => {
      const probe = await readProbe(page).catch(() => null);
      throw new Error(`no row painted after the click at ${page.url()}: ${JSON.stringify(probe)}`, {
        cause: error,
      });
    });
  const probe = await readProbe(page);
  return probe.rowPaintedAt - probe.clickAt;
}

async function connect(page: Page, baseUrl: string, key: string, tableId: string) {
  await page.goto(`${baseUrl}/#/tables/${tableId}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

async function tableIdByName(baseUrl: string, key: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { tables: Array<{ id: string; name: string }> };
  const table = body.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table named ${name}`);
  return table.id;
}

function measure(
  name: string,
  unit: string,
  values: number[],
  target: Measure['target'],
  note?: string,
): Measure {
  return {
    group: 'dashboard',
    name,
    unit,
    ...summarize(values),
    runs: values.length,
    target,
    peer: null,
    ratio: null,
    note,
  };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ path: PAGE_PROBE });
  return context.newPage();
}

/** Scrolls the grid down until `untilRecord` is loaded (or the end); returns what it saw. */
async function scrollGrid(page: Page, untilRecord: number) {
  const grid = page.getByRole('grid');
  await grid.locator('[role="row"][aria-rowindex="2"]').waitFor();
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/records')) requests.push(request.url());
  });
  const started = Date.now();
  const reached = await page.evaluate(
    (target) =>
      (window as unknown as { __benchScrollTo(t: number): Promise<number> }).__benchScrollTo(
        target,
      ),
    untilRecord,
  );
  return { requests, reached, seconds: (Date.now() - started) / 1000 };
}

async function heapUsedMegabytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  await session.send('HeapProfiler.collectGarbage');
  const { metrics } = await session.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  return heap / 2 ** 20;
}

/** Reuses the server benchmark's 1M-record database when it ran first. */
export async function runDashboardBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const measures: Measure[] = [];
  const dbPath = bigDatabasePath(workDir);
  if (!existsSync(dbPath))
    log(`seeding ${MILLION.toLocaleString('en-US')} records for the dashboard`);
  const key = createKey({
    dbPath,
    workspace: 'acme',
    name: 'bench-dashboard',
    scopes: ALL_READ_SCOPES,
  });
  const server = await startReferenceServer({
    dbPath,
    dashboardDir: distDir,
    records: MILLION,
    rateLimitPerMinute: 1_000_000_000,
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    // Precise heap figures for the memory measure.
    args: [...chromiumArgs, '--enable-precise-memory-info'],
  });
  try {
    const tableId = await tableIdByName(server.url, key, 'Orders');

    log('connect → first row');
    const connectTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await newPage(browser);
      await connect(page, server.url, key, tableId);
      connectTimes.push(await waitForPaintAfterClick(page));
      await page.context().close();
    }
    measures.push(
      measure('connect click → first record row painted', 'ms', connectTimes, {
        kind: 'max',
        value: 300,
        label: '≤ 300 ms',
      }),
    );

    log('header click → first row of the new order');
    const page = await newPage(browser);
    await connect(page, server.url, key, tableId);
    await waitForPaintAfterClick(page);
    const headerButtons = page.getByRole('columnheader').getByRole('button');
    const sortTimes: number[] = [];
    const headerCount = Math.min(await headerButtons.count(), RUNS + 1);
    for (let index = 0; index < headerCount && sortTimes.length < RUNS; index++) {
      await headerButtons.nth(index).click();
      sortTimes.push(await waitForPaintAfterClick(page).catch(() => Number.NaN));
    }
    measures.push(
      measure(
        'header click → first row of the new order painted',
        'ms',
        sortTimes.filter((time) => !Number.isNaN(time)),
        { kind: 'max', value: 150, label: '≤ 150 ms' },
        `${sortTimes.filter(Number.isNaN).length} clicks left the first row unchanged`,
      ),
    );
    await page.context().close();

    log(`scrolling to record ${SCROLL_TARGET.toLocaleString('en-US')}`);
    const scrollPage = await newPage(browser);
    await connect(scrollPage, server.url, key, tableId);
    await waitForPaintAfterClick(scrollPage);
    const beforeScroll = (await readProbe(scrollPage)).longTasks.length;
    const scroll = await scrollGrid(scrollPage, SCROLL_TARGET);
    const probe = await readProbe(scrollPage);
    const longTasksDuringScroll = probe.longTasks
      .slice(beforeScroll)
      .filter((duration) => duration > 50);
    // The grid asks for a small first page, then large ones: what reaching the target implies.
    const impliedRequests = Math.ceil((SCROLL_TARGET - FIRST_PAGE_SIZE) / PAGE_SIZE);
    const duplicates = scroll.requests.length - new Set(scroll.requests).size;
    const target = SCROLL_TARGET.toLocaleString('en-US');
    measures.push(
      measure(
        `scroll to record ${target}: long tasks over 50 ms`,
        'tasks',
        [longTasksDuringScroll.length],
        { kind: 'max', value: 0, label: '0' },
        `reached record ${scroll.reached.toLocaleString('en-US')} in ${scroll.seconds.toFixed(1)} s`,
      ),
      measure(
        `scroll to record ${target}: most row elements in the DOM`,
        'rows',
        [probe.maxRowElements],
        { kind: 'max', value: 150, label: '≤ 150' },
      ),
      measure(
        `scroll to record ${target}: JS heap at the end`,
        'MB',
        [await heapUsedMegabytes(scrollPage)],
        { kind: 'max', value: 150, label: '≤ 150 MB' },
      ),
      measure(
        `scroll to record ${target}: record requests after the first page`,
        'requests',
        [scroll.requests.length],
        // One look-ahead page may already be on its way when the target row is drawn.
        { kind: 'max', value: impliedRequests + 1, label: `${impliedRequests} (+1 look-ahead)` },
        `${duplicates} duplicates; pages of ${PAGE_SIZE} after a first page of ${FIRST_PAGE_SIZE}`,
      ),
    );
    await scrollPage.context().close();

    log(`reaching the last of ${MILLION.toLocaleString('en-US')} records`);
    const endPage = await newPage(browser);
    await connect(endPage, server.url, key, tableId);
    await waitForPaintAfterClick(endPage);
    const endStarted = Date.now();
    await endPage.getByRole('button', { name: 'Jump to end' }).click();
    await endPage
      .getByRole('status')
      .filter({ hasText: /All [\d,]+ records/ })
      .waitFor({ timeout: 300_000 });
    measures.push(
      measure(
        `reach the last of ${MILLION.toLocaleString('en-US')} records (Jump to end)`,
        's',
        [(Date.now() - endStarted) / 1000],
        null,
      ),
    );
    await endPage.context().close();
  } finally {
    await browser.close();
    await server.stop();
  }
  return measures;
}
