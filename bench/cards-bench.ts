import path from 'node:path';
import type { Browser } from '@playwright/test';
import {
  connect,
  dashboardMeasure,
  frameTimesDuring,
  longTasksOf,
  longTasksSince,
  measureDashboardOnOrders,
  p95FrameTime,
  throttleCpu,
} from './lib/dashboard-page';
import type { Measure } from './lib/results';

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
  await connect(page, baseUrl, key, tableId);
  await page.locator('ul[aria-label="Orders"] > li[data-row-id]').first().waitFor();
  // Slowed once the page is up: the bench measures scrolling, not the start.
  await throttleCpu(page, CPU_SLOWDOWN);
  return page;
}

export async function runCardsBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const dbPath = path.join(workDir, 'cards.sqlite');
  log(`seeding ${CARDS_RECORDS.toLocaleString('en-US')} Orders for the cards`);
  return measureDashboardOnOrders(
    { dbPath, distDir, records: CARDS_RECORDS, keyName: 'bench-cards' },
    async ({ browser, baseUrl, key, ordersId }) => {
      const measures = await measureFling(browser, baseUrl, key, ordersId, log);
      // BENCH_CARDS_SCROLL_RECORDS=0 leaves the scroll out (it takes minutes on a slow machine).
      if (CARDS_SCROLL_TARGET > 0)
        measures.push(...(await measureScrollTo(browser, baseUrl, key, ordersId, log)));
      return measures;
    },
  );
}

async function measureFling(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  log(`cards: flinging for ${FLING_FOR_MS / 1000} s at 390 × 844, CPU ${CPU_SLOWDOWN}× slower`);
  const page = await phonePage(browser, baseUrl, key, tableId);
  const longTasksBefore = (await longTasksOf(page)).length;
  const { frames, result: flings } = await frameTimesDuring(page, () =>
    page.evaluate(
      ([duration, every, speed]) =>
        (
          window as unknown as {
            __benchCardsFling(duration: number, every: number, speed: number): Promise<number>;
          }
        ).__benchCardsFling(duration, every, speed),
      [FLING_FOR_MS, FLING_EVERY_MS, FLING_SPEED_PX_S] as const,
    ),
  );
  const longTasks = await longTasksSince(page, longTasksBefore);
  const reached = await page.evaluate(() => {
    let highest = 0;
    for (const card of document.querySelectorAll<HTMLElement>('ul[aria-label="Orders"] > li'))
      highest = Math.max(highest, Number(card.dataset.index ?? 0));
    return highest;
  });
  const p95 = p95FrameTime(frames);
  await page.context().close();
  const note = `${flings} flings, ${frames.length} frames, worst ${Math.max(...frames).toFixed(0)} ms; card ${reached.toLocaleString('en-US')} at the end`;
  return [
    dashboardMeasure(
      'cards at 390 × 844, CPU 4× slower: fling for 10 s, p95 frame time',
      'ms',
      [p95],
      { kind: 'max', value: 20, label: '≤ 20 ms' },
      note,
    ),
    dashboardMeasure(
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
  const page = await phonePage(browser, baseUrl, key, tableId);
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
  const longTasks = await longTasksSince(page, longTasksBefore);
  await page.context().close();
  const label = target.toLocaleString('en-US');
  return [
    dashboardMeasure(
      `cards at 390 × 844, CPU 4× slower: scroll to record ${label}, most cards in the DOM`,
      'cards',
      [result.most],
      { kind: 'max', value: 60, label: '≤ 60' },
      `${result.reached ? 'reached' : 'did not reach'} record ${label} in ${seconds.toFixed(1)} s (last drawn ${result.last.toLocaleString('en-US')}); ${longTasks.length} long tasks over 50 ms on the way`,
    ),
  ];
}
