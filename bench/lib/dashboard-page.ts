import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../../scripts/lib/processes';
import { type Calibration, onDevice } from './device-classes';
import { type Measure, summarize } from './results';

/** Timestamps for "click" and "first data row painted", long tasks and frames, most rows at once. */
export const PAGE_PROBE = path.join(import.meta.dirname, 'page-probe.js');

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

/**
 * A group of rows measured on Orders: unthrottled (`calibration` null), or on a device
 * class's CPU as calibrated just before.
 */
export type DashboardGroup = (
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
  calibration: Calibration | null,
) => Promise<Measure[]>;

/**
 * The same row measured on a device class's CPU: named after the device, with the
 * machine's benchmarkIndex measured just before and the slowdown it gave.
 */
export function onDeviceMeasure(measure: Measure, calibration: Calibration): Measure {
  const slowerThanDevice = calibration.benchmarkIndex < calibration.deviceClass.benchmarkIndex;
  return {
    ...measure,
    name: onDevice(measure.name, calibration.deviceClass),
    // The slowdown is never below 1: a machine slower than the device measures as it is.
    note: slowerThanDevice
      ? [measure.note, `the machine was slower than a ${calibration.deviceClass.label}`]
          .filter(Boolean)
          .join('; ')
      : measure.note,
    benchmarkIndex: calibration.runs.map(Math.round),
    cpuSlowdown: calibration.cpuSlowdown,
  };
}

interface Probe {
  clickAt: number;
  rowPaintedAt: number;
  longTasks: number[];
  longFrames: LongFrame[];
  maxRowElements: number;
}

/** A Long Animation Frames entry, as page-probe.js keeps it. */
export interface LongFrame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  scriptMs: number;
  renderMs: number;
  styleAndLayoutMs: number;
  topScript: string;
}

export const readProbe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/** Milliseconds from the last click to the paint of a changed first record row. */
export async function waitForPaintAfterClick(page: Page, timeout = 120_000): Promise<number> {
  await page
    .waitForFunction(
      () => {
        const probe = (window as unknown as { __bench: Probe }).__bench;
        return probe.rowPaintedAt > 0 && probe.rowPaintedAt > probe.clickAt;
      },
      undefined,
      { timeout, polling: 'raf' },
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

/** A fresh desk-sized page with the probe; `cpuSlowdown` > 1 throttles it from the start. */
export async function newBenchPage(browser: Browser, cpuSlowdown = 1) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ path: PAGE_PROBE });
  const page = await context.newPage();
  if (cpuSlowdown > 1) await throttleCpu(page, cpuSlowdown);
  return page;
}

/** How many long tasks and long animation frames the probe has seen so far. */
export async function probeMarks(page: Page) {
  const probe = await readProbe(page);
  return { longTasks: probe.longTasks.length, longFrames: probe.longFrames.length };
}

/** The long animation frames the probe saw after `before` (from probeMarks). */
export async function longFramesSince(page: Page, before: number): Promise<LongFrame[]> {
  return (await readProbe(page)).longFrames.slice(before);
}

/**
 * What the long animation frames were made of, for a row's note: how many, the worst, and
 * the share of their time in script, and in style and layout.
 */
export function describeLongFrames(frames: LongFrame[]): string {
  if (frames.length === 0) return 'no long animation frame';
  const total = (pick: (frame: LongFrame) => number) =>
    frames.reduce((sum, frame) => sum + pick(frame), 0);
  const duration = total((frame) => frame.duration);
  const share = (ms: number) => `${Math.round((ms / duration) * 100)} %`;
  const worst = frames.reduce((a, b) => (b.duration > a.duration ? b : a));
  return `${frames.length} long animation frames, worst ${Math.round(worst.duration)} ms (${worst.topScript || 'no script'}); script ${share(total((frame) => frame.scriptMs))}, style and layout ${share(total((frame) => frame.styleAndLayoutMs))} of their time`;
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
  /** `tap` on a touch screen (the phone's cards), where a click would leave a mouse pointer. */
  press: 'click' | 'tap' = 'click',
) {
  await page.goto(`${baseUrl}/#/tables/${tableId}${search}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true })[press]();
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
