import { existsSync, statSync } from 'node:fs';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import {
  addManyCustomerOrders,
  MANY_CUSTOMER_ORDERS_TABLE,
  MANY_CUSTOMERS,
} from './lib/many-customers';
import type { Measure } from './lib/results';
import { bigDatabasePath } from './server-bench';

/**
 * Export and Count of the whole 1,000,000-record Orders table, driven in the built
 * dashboard like a user would (toolbar buttons), timed from the click to the message that
 * says it is done. Export takes the Blob download path (the picker is removed, as every
 * non-Chromium browser lacks it): the whole file passes through the page. Export with
 * names (decision 045) runs on Orders (its 300 customers) and on a million orders of
 * 30,000 customers the bench adds to its copy of the database (lib/many-customers.ts).
 */
const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const WALK_TIMEOUT_MS = 15 * 60_000;
const HEAP_SAMPLE_MS = 250;

function measure(
  name: string,
  unit: string,
  value: number,
  target: Measure['target'],
  note?: string,
): Measure {
  return {
    group: 'export',
    name,
    unit,
    median: value,
    min: value,
    max: value,
    runs: 1,
    target,
    peer: null,
    ratio: null,
    note,
  };
}

/** Samples the page's used JS heap until stopped; resolves with the highest sample, in MB. */
function sampleHeap(session: CDPSession) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    await session.send('Performance.enable');
    while (running) {
      const { metrics } = await session.send('Performance.getMetrics');
      const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
      peak = Math.max(peak, used);
      await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
    }
  })();
  return async () => {
    running = false;
    await done;
    return peak / 2 ** 20;
  };
}

async function openOrders(browser: Browser, baseUrl: string, key: string, tableId: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/tables/${tableId}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('grid').locator('[role="row"][aria-rowindex="2"]').waitFor();
  return page;
}

async function timedWalk(page: Page, start: () => Promise<void>, done: RegExp) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const stopSampling = sampleHeap(session);
  const started = performance.now();
  await start();
  const status = page.getByRole('status').filter({ hasText: done }).first();
  await status.waitFor({ timeout: WALK_TIMEOUT_MS });
  const seconds = (performance.now() - started) / 1000;
  // The rate is over the records the walk says it did: a reused BENCH_BIG_DB may hold fewer.
  const said = /([\d,]+) records/.exec((await status.textContent()) ?? '')?.[1];
  const records = said ? Number(said.replaceAll(',', '')) : MILLION;
  return { seconds, records, peakHeapMb: await stopSampling() };
}

/** "" when the walk covered the million the row names; else says how many it did cover. */
function coverage(records: number): string {
  return records === MILLION ? '' : `; only ${records.toLocaleString('en-US')} records walked`;
}

/** The export-with-names budget (issue 21): ≥ 15,000 records/s, peak JS heap ≤ 120 MB. */
function namedRows(
  name: string,
  walked: { seconds: number; records: number; peakHeapMb: number; size: number },
  customers: number,
): Measure[] {
  return [
    measure(
      `${name}: records/s`,
      'records/s',
      walked.records / walked.seconds,
      { kind: 'min', value: 15_000, label: '≥ 15,000 records/s' },
      `${walked.seconds.toFixed(1)} s, names of ${customers.toLocaleString('en-US')} linked records (pages of the linked table past 200), ${(walked.size / 2 ** 20).toFixed(0)} MB file via the Blob download path${coverage(walked.records)}`,
    ),
    measure(
      `${name}: peak JS heap`,
      'MB',
      walked.peakHeapMb,
      { kind: 'max', value: 120, label: '≤ 120 MB' },
      `sampled every ${HEAP_SAMPLE_MS} ms (CDP JSHeapUsedSize)`,
    ),
  ];
}

/** Reuses the server benchmark's 1M-record database when it ran first; seeds it otherwise. */
export async function runExportBenchmarks(
  workDir: string,
  log: (line: string) => void,
  distDir: string,
  /** A seeded 1M database to reuse (BENCH_BIG_DB): seeding takes minutes on a busy machine. */
  bigDb?: string,
): Promise<Measure[]> {
  const dbPath = bigDb ?? bigDatabasePath(workDir);
  if (!existsSync(dbPath)) log(`seeding ${MILLION.toLocaleString('en-US')} records for export`);
  const serverOptions = {
    dbPath,
    dashboardDir: distDir,
    records: MILLION,
    rateLimitPerMinute: 1_000_000_000,
  };
  // Seeded by the server's first start; the bench's own tables are added while it is stopped.
  await (await startReferenceServer(serverOptions)).stop();
  log(
    `adding ${MILLION.toLocaleString('en-US')} orders of ${MANY_CUSTOMERS.toLocaleString('en-US')} customers`,
  );
  addManyCustomerOrders(dbPath, MILLION);
  const server = await startReferenceServer(serverOptions);
  const key = createKey({
    dbPath,
    workspace: 'acme',
    name: 'bench-export',
    scopes: ALL_READ_SCOPES,
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, '--enable-precise-memory-info'],
  });
  const all = `${MILLION.toLocaleString('en-US')} records`;
  try {
    const response = await fetch(`${server.url}/api/public/v1/tables?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const { tables } = (await response.json()) as { tables: { id: string; name: string }[] };
    const orders = tables.find((table) => table.name === 'Orders');
    if (!orders) throw new Error('no Orders table');
    const manyCustomerOrders = tables.find((table) => table.name === MANY_CUSTOMER_ORDERS_TABLE);
    if (!manyCustomerOrders) throw new Error(`no ${MANY_CUSTOMER_ORDERS_TABLE} table`);

    // Count first, in its own tab: an export fills the same per-view cache.
    log(`Count of ${all}`);
    const countPage = await openOrders(browser, server.url, key, orders.id);
    const count = await timedWalk(
      countPage,
      () => countPage.getByRole('button', { name: 'Count', exact: true }).click(),
      /Counted: [\d,]+ records/,
    );
    await countPage.context().close();

    const exportCsv = async (tableId: string, names: boolean) => {
      const page = await openOrders(browser, server.url, key, tableId);
      const download = page.waitForEvent('download', { timeout: WALK_TIMEOUT_MS });
      const walked = await timedWalk(
        page,
        async () => {
          await page.getByRole('button', { name: 'Export', exact: true }).click();
          if (!names) await page.getByLabel(/Links as ids only/).check();
          await page.getByRole('button', { name: 'Export CSV' }).click();
        },
        /Exported [\d,]+ records/,
      );
      const file = await download;
      const size = statSync(await file.path()).size;
      await file.delete();
      await page.context().close();
      return { ...walked, size };
    };

    log(`Export (CSV, links as ids only) of ${all}`);
    const exported = await exportCsv(orders.id, false);
    log(`Export (CSV) with names of ${all} (300 customers)`);
    const named = await exportCsv(orders.id, true);
    log(`Export (CSV) with names of ${all} (${MANY_CUSTOMERS.toLocaleString('en-US')} customers)`);
    const manyNamed = await exportCsv(manyCustomerOrders.id, true);

    return [
      measure(
        `Export (CSV) of ${all}: records/s`,
        'records/s',
        exported.records / exported.seconds,
        {
          kind: 'min',
          value: 20_000,
          label: '≥ 20,000 records/s',
        },
        `links as ids only; ${exported.seconds.toFixed(1)} s, ${(exported.size / 2 ** 20).toFixed(0)} MB file via the Blob download path${coverage(exported.records)}`,
      ),
      measure(
        `Export (CSV) of ${all}: peak JS heap`,
        'MB',
        exported.peakHeapMb,
        {
          kind: 'max',
          value: 100,
          label: '≤ 100 MB',
        },
        `sampled every ${HEAP_SAMPLE_MS} ms (CDP JSHeapUsedSize)`,
      ),
      ...namedRows(`Export (CSV) with names of ${all}, 300 distinct customers`, named, 300),
      ...namedRows(
        `Export (CSV) with names of ${all}, ${MANY_CUSTOMERS.toLocaleString('en-US')} distinct customers`,
        manyNamed,
        MANY_CUSTOMERS,
      ),
      measure(
        `Count of ${all}`,
        's',
        count.seconds,
        { kind: 'max', value: 60, label: '≤ 60 s' },
        `peak JS heap ${count.peakHeapMb.toFixed(0)} MB${coverage(count.records)}`,
      ),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
