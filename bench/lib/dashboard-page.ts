import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../../scripts/lib/processes';
import { type Measure, summarize } from './results';

/**
 * What the benchmarks that drive the built dashboard in Chromium share (dashboard-bench.ts,
 * cards-bench.ts): the server, key and browser around them, connecting as a person does,
 * slowing the CPU, and reading what lib/page-probe.js saw.
 */

/** A row of the dashboard group, from the values of its runs. */
export function dashboardMeasure(
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

async function tableIdByName(baseUrl: string, key: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { tables: Array<{ id: string; name: string }> };
  const table = body.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table named ${name}`);
  return table.id;
}

/** What a dashboard benchmark drives: Chromium, the server serving the built dashboard, a read key, Orders. */
export interface DashboardOnOrders {
  browser: Browser;
  baseUrl: string;
  key: string;
  ordersId: string;
}

/**
 * Serves the built dashboard from the reference server on `dbPath` (seeded with `records`
 * Orders when missing), makes a key that reads everything, launches Chromium, runs
 * `measure`, then closes both whatever happened.
 */
export async function measureDashboardOnOrders(
  options: {
    dbPath: string;
    distDir: string;
    records: number;
    /** The key's name, so the server's keys say which bench made them. */
    keyName: string;
    extraChromiumArgs?: string[];
  },
  measure: (bench: DashboardOnOrders) => Promise<Measure[]>,
): Promise<Measure[]> {
  const { dbPath } = options;
  // The server seeds the database at its size; `keys create` on a missing file would seed
  // the default 100,000 Orders instead.
  const server = await startReferenceServer({
    dbPath,
    dashboardDir: options.distDir,
    records: options.records,
    rateLimitPerMinute: 1_000_000_000,
  });
  const key = createKey({
    dbPath,
    workspace: 'acme',
    name: options.keyName,
    scopes: ALL_READ_SCOPES,
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, ...(options.extraChromiumArgs ?? [])],
  });
  try {
    const ordersId = await tableIdByName(server.url, key, 'Orders');
    return await measure({ browser, baseUrl: server.url, key, ordersId });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Opens the table's address (`search` e.g. `?sort=…`) and connects with the key, as a person does. */
export async function connect(
  page: Page,
  baseUrl: string,
  key: string,
  tableId: string,
  search = '',
) {
  await page.goto(`${baseUrl}/#/tables/${tableId}${search}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/**
 * Slows the page's main thread `rate` times (DevTools Protocol
 * Emulation.setCPUThrottlingRate), so the app's own cost dominates whatever machine runs
 * the bench.
 */
export async function throttleCpu(page: Page, rate: number) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The durations (ms) of the long tasks the probe has seen since the page opened. */
export const longTasksOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __bench: { longTasks: number[] } }).__bench.longTasks,
  );

/** The long tasks over 50 ms after the first `before` the probe saw. */
export async function longTasksSince(page: Page, before: number): Promise<number[]> {
  return (await longTasksOf(page)).slice(before).filter((duration) => duration > 50);
}

/** The frame times (ms, rAF to rAF) while `during` runs, with what it returned. */
export async function frameTimesDuring<Result>(
  page: Page,
  during: () => Promise<Result>,
): Promise<{ frames: number[]; result: Result }> {
  await page.evaluate(() =>
    (window as unknown as { __benchFrames: { start(): void } }).__benchFrames.start(),
  );
  const result = await during();
  const frames = await page.evaluate(() =>
    (window as unknown as { __benchFrames: { stop(): number[] } }).__benchFrames.stop(),
  );
  return { frames, result };
}

export function p95FrameTime(frames: number[]): number {
  const sorted = [...frames].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}
