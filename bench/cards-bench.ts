import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { type Measure, summarize } from './lib/results';

/**
 * The records as cards on a phone (issue 23): a 390 × 844 touch screen with the CPU slowed
 * 4× (Chromium's CPU throttling, as Lighthouse's mobile profile does), Orders of 100,000
 * records. Flinging the cards for 10 s at a person's pace: the p95 frame time and the long
 * tasks; scrolling to record 10,000: the most cards in the DOM at once.
 */

const CARDS_RECORDS = Number(process.env.BENCH_CARDS_RECORDS ?? 100_000);
const CARDS_SCROLL_TARGET = Number(process.env.BENCH_CARDS_SCROLL_RECORDS ?? 10_000);
const CPU_SLOWDOWN = 4;
const PHONE = { width: 390, height: 844 };
/** A person's flings: one every 700 ms, each coasting from 2,500 px/s (cards-probe.js). */
const FLING_SPEED_PX_S = 2_500;
const FLING_EVERY_MS = 700;
const FLING_FOR_MS = 10_000;

const PAGE_PROBE = path.join(import.meta.dirname, 'lib/page-probe.js');
const CARDS_PROBE = path.join(import.meta.dirname, 'lib/cards-probe.js');

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

async function phonePage(browser: Browser, baseUrl: string, key: string, tableId: string) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ path: PAGE_PROBE });
  await context.addInitScript({ path: CARDS_PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${baseUrl}/#/tables/${tableId}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.locator('ul[aria-label="Orders"] > li[data-row-id]').first().waitFor();
  // Slowed once the page is up: the bench measures scrolling, not the start.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

const longTasksOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __bench: { longTasks: number[] } }).__bench.longTasks,
  );

async function tableIdByName(baseUrl: string, key: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await response.json()) as { tables: Array<{ id: string; name: string }> };
  const table = body.tables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`no table named ${name}`);
  return table.id;
}

export async function runCardsBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const dbPath = path.join(workDir, 'cards.sqlite');
  log(`seeding ${CARDS_RECORDS.toLocaleString('en-US')} Orders for the cards`);
  const server = await startReferenceServer({
    dbPath,
    dashboardDir: distDir,
    records: CARDS_RECORDS,
    rateLimitPerMinute: 1_000_000_000,
  });
  const key = createKey({
    dbPath,
    workspace: 'acme',
    name: 'bench-cards',
    scopes: ALL_READ_SCOPES,
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutablePath,
    args: chromiumArgs,
  });
  const measures: Measure[] = [];
  try {
    const tableId = await tableIdByName(server.url, key, 'Orders');
    measures.push(...(await measureFling(browser, server.url, key, tableId, log)));
    // BENCH_CARDS_SCROLL_RECORDS=0 leaves the scroll out (it takes minutes on a slow machine).
    if (CARDS_SCROLL_TARGET > 0)
      measures.push(...(await measureScrollTo(browser, server.url, key, tableId, log)));
  } finally {
    await browser.close();
    await server.stop();
  }
  return measures;
}

async function measureFling(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  log(`cards: flinging for ${FLING_FOR_MS / 1000} s at 390 × 844, CPU ${CPU_SLOWDOWN}× slower`);
  const { page } = await phonePage(browser, baseUrl, key, tableId);
  const longTasksBefore = (await longTasksOf(page)).length;
  await page.evaluate(() =>
    (window as unknown as { __benchFrames: { start(): void } }).__benchFrames.start(),
  );
  const flings = await page.evaluate(
    ([duration, every, speed]) =>
      (
        window as unknown as {
          __benchCardsFling(duration: number, every: number, speed: number): Promise<number>;
        }
      ).__benchCardsFling(duration, every, speed),
    [FLING_FOR_MS, FLING_EVERY_MS, FLING_SPEED_PX_S] as const,
  );
  const frames = await page.evaluate(() =>
    (window as unknown as { __benchFrames: { stop(): number[] } }).__benchFrames.stop(),
  );
  const longTasks = (await longTasksOf(page))
    .slice(longTasksBefore)
    .filter((duration) => duration > 50);
  const reached = await page.evaluate(() => {
    let highest = 0;
    for (const card of document.querySelectorAll<HTMLElement>('ul[aria-label="Orders"] > li'))
      highest = Math.max(highest, Number(card.dataset.index ?? 0));
    return highest;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
  await page.context().close();
  const note = `${flings} flings, ${frames.length} frames, worst ${Math.max(...frames).toFixed(0)} ms; card ${reached.toLocaleString('en-US')} at the end`;
  return [
    measure(
      'cards at 390 × 844, CPU 4× slower: fling for 10 s, p95 frame time',
      'ms',
      [p95],
      { kind: 'max', value: 20, label: '≤ 20 ms' },
      note,
    ),
    measure(
      'cards at 390 × 844, CPU 4× slower: fling for 10 s, long tasks over 50 ms',
      'tasks',
      [longTasks.length],
      { kind: 'max', value: 0, label: '0' },
      longTasks.length > 0 ? `worst ${Math.max(...longTasks).toFixed(0)} ms` : undefined,
    ),
  ];
}

async function measureScrollTo(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const target = CARDS_SCROLL_TARGET;
  log(`cards: scrolling to record ${target.toLocaleString('en-US')}`);
  const { page } = await phonePage(browser, baseUrl, key, tableId);
  const longTasksBefore = (await longTasksOf(page)).length;
  const started = Date.now();
  const result = await page.evaluate(
    (wanted) =>
      (
        window as unknown as {
          __benchCardsScrollTo(wanted: number): Promise<{
            reached: boolean;
            last: number;
            most: number;
          }>;
        }
      ).__benchCardsScrollTo(wanted),
    target,
  );
  const seconds = (Date.now() - started) / 1000;
  const longTasks = (await longTasksOf(page))
    .slice(longTasksBefore)
    .filter((duration) => duration > 50);
  await page.context().close();
  const label = target.toLocaleString('en-US');
  return [
    measure(
      `cards at 390 × 844, CPU 4× slower: scroll to record ${label}, most cards in the DOM`,
      'cards',
      [result.most],
      { kind: 'max', value: 60, label: '≤ 60' },
      `${result.reached ? 'reached' : 'did not reach'} record ${label} in ${seconds.toFixed(1)} s (last drawn ${result.last.toLocaleString('en-US')}); ${longTasks.length} long tasks over 50 ms on the way`,
    ),
  ];
}
