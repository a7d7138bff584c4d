import path from 'node:path';
import type { Browser } from '@playwright/test';
import { calibrate } from './lib/calibration';
import {
  connect,
  dashboardMeasure,
  describeLongFrames,
  frameTimesDuring,
  longFramesSince,
  longTasksSince,
  measureDashboardOnOrders,
  onDeviceMeasure,
  PAGE_PROBE,
  p95FrameTime,
  probeMarks,
  throttleCpu,
} from './lib/dashboard-page';
import { atMost, type Calibration, DEVICE_CLASSES } from './lib/device-classes';
import type { Measure } from './lib/results';

/**
 * The records as cards on a phone (issues 23 and 31): a 390 × 844 touch screen, Orders of
 * 100,000 records. Flinging the cards for 10 s at a person's pace on each device class's
 * calibrated CPU: the p95 frame time and the long tasks; scrolling to record 10,000: the
 * most cards in the DOM at once.
 */

const CARDS_RECORDS = Number(process.env.BENCH_CARDS_RECORDS ?? 100_000);
const CARDS_SCROLL_TARGET = Number(process.env.BENCH_CARDS_SCROLL_RECORDS ?? 10_000);
const PHONE = { width: 390, height: 844 };
/** A person's flings: one every 700 ms, each coasting from 2,500 px/s (cards-probe.js). */
const FLING_SPEED_PX_S = 2_500;
const FLING_EVERY_MS = 700;
const FLING_FOR_MS = 10_000;

const CARDS_PROBE = path.join(import.meta.dirname, 'lib/cards-probe.js');

async function phonePage(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  cpuSlowdown: number,
) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ path: PAGE_PROBE });
  await context.addInitScript({ path: CARDS_PROBE });
  const page = await context.newPage();
  // A finger taps Connect: a click would leave a mouse pointer resting over the cards, and
  // every card passing under it would be hovered (pointer and mouse over/out events, the
  // hover styles restyled), which no phone does while flung.
  await connect(
    page,
    baseUrl,
    key,
    tableId,
    '',
    process.env.BENCH_CARDS_CLICK === '1' ? 'click' : 'tap',
  );
  await page.locator('ul[aria-label="Orders"] > li[data-row-id]').first().waitFor();
  await page.evaluate(() =>
    (window as unknown as { __bench: { stopWatching(): void } }).__bench.stopWatching(),
  );
  // Slowed once the page is up: the bench measures scrolling, not the start.
  if (cpuSlowdown > 1) await throttleCpu(page, cpuSlowdown);
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
      const measures: Measure[] = [];
      for (const device of [DEVICE_CLASSES['mid-tier'], DEVICE_CLASSES['low-tier']]) {
        const calibration = await calibrate(browser, device, log);
        measures.push(...(await measureFling(browser, baseUrl, key, ordersId, log, calibration)));
      }
      // BENCH_CARDS_SCROLL_RECORDS=0 leaves the scroll out (it takes minutes on a slow machine).
      if (CARDS_SCROLL_TARGET > 0)
        measures.push(...(await measureScrollTo(browser, baseUrl, key, ordersId, log)));
      return measures;
    },
  );
}

/** Flinging the cards for 10 s on a device class's CPU: p95 frame time, long tasks. */
export async function measureFling(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
  calibration: Calibration,
): Promise<Measure[]> {
  const { budgets, label } = calibration.deviceClass;
  log(`cards: flinging for ${FLING_FOR_MS / 1000} s at 390 × 844 on a ${label}`);
  const page = await phonePage(browser, baseUrl, key, tableId, calibration.cpuSlowdown);
  const before = await probeMarks(page);
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
  const longTasks = await longTasksSince(page, before.longTasks);
  const longFrames = await longFramesSince(page, before.longFrames);
  const reached = await page.evaluate(() => {
    let highest = 0;
    for (const card of document.querySelectorAll<HTMLElement>('ul[aria-label="Orders"] > li'))
      highest = Math.max(highest, Number(card.dataset.index ?? 0));
    return highest;
  });
  await page.context().close();
  const note = `${flings} flings, ${frames.length} frames, worst ${Math.max(...frames).toFixed(0)} ms; card ${reached.toLocaleString('en-US')} at the end`;
  return [
    dashboardMeasure(
      'cards at 390 × 844: fling for 10 s, p95 frame time',
      'ms',
      [p95FrameTime(frames)],
      atMost(budgets.flingP95Ms, 'ms'),
      note,
    ),
    dashboardMeasure(
      'cards at 390 × 844: fling for 10 s, long tasks over 50 ms',
      'tasks',
      [longTasks.length],
      atMost(budgets.flingLongTasks),
      describeLongFrames(longFrames),
    ),
  ].map((row) => onDeviceMeasure(row, calibration));
}

/** Scrolling the cards to record 10,000 (unthrottled): the most cards in the DOM at once. */
async function measureScrollTo(
  browser: Browser,
  baseUrl: string,
  key: string,
  tableId: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const target = CARDS_SCROLL_TARGET;
  log(`cards: scrolling to record ${target.toLocaleString('en-US')}`);
  const page = await phonePage(browser, baseUrl, key, tableId, 1);
  const before = await probeMarks(page);
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
  const longTasks = await longTasksSince(page, before.longTasks);
  await page.context().close();
  const label = target.toLocaleString('en-US');
  return [
    dashboardMeasure(
      `cards at 390 × 844: scroll to record ${label}, most cards in the DOM`,
      'cards',
      [result.most],
      atMost(60),
      `${result.reached ? 'reached' : 'did not reach'} record ${label} in ${seconds.toFixed(1)} s (last drawn ${result.last.toLocaleString('en-US')}); ${longTasks.length} long tasks over 50 ms on the way`,
    ),
  ];
}
