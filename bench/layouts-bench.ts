import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { calibrate } from './lib/calibration';
import {
  connect,
  dashboardMeasure,
  frameTimesDuring,
  measureDashboardOnOrders,
  newBenchPage,
  onDeviceMeasure,
  p95FrameTime,
  throttleCpu,
} from './lib/dashboard-page';
import { atMost, type Calibration, DEVICE_CLASSES } from './lib/device-classes';
import type { Measure } from './lib/results';

/**
 * Orders as a board and on a calendar (issue 34, docs/decisions/058), 100,000 orders, at
 * 1280 × 800 on the mid-tier device class's calibrated CPU: the time from choosing Board
 * until every status column has drawn its first card; the p95 frame while a column is
 * scrolled for 5 s; the time until the month of the newest orders, and a month in the
 * middle of their dates, say every record of their days is shown (the middle one is read
 * day by day since decision 058's follow-up; a walk stopped at its bound, asking to go on,
 * still ends the wait).
 */

const LAYOUTS_RECORDS = Number(process.env.BENCH_LAYOUTS_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_LAYOUTS_RUNS ?? 3);
const SCROLL_FOR_MS = 5_000;
const STATUS_OPTIONS = 5;

interface OrdersDates {
  newestMonth: string;
  middleMonth: string;
}

async function ordersDates(baseUrl: string, key: string, ordersId: string): Promise<OrdersDates> {
  const first = async (direction: 'asc' | 'desc') => {
    const url = `${baseUrl}/api/public/v1/tables/${ordersId}/records?limit=1&sort=ordered_at:${direction}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    const body = (await response.json()) as { records: { fields: { ordered_at: string } }[] };
    return Date.parse(body.records[0]?.fields.ordered_at ?? '');
  };
  const newest = await first('desc');
  const oldest = await first('asc');
  const month = (time: number) => new Date(time).toISOString().slice(0, 7);
  return { newestMonth: month(newest), middleMonth: month((newest + oldest) / 2) };
}

/**
 * Milliseconds from now (in the page) until `done` (an expression) holds, polled every
 * frame. Sent as text: functions handed to page.evaluate from tsx carry its `__name`
 * helper, which the page does not have.
 */
function untilInPage(page: Page, done: string, timeout = 120_000): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    const step = () => {
      if (${done}) resolve(performance.now() - started);
      else if (performance.now() - started > ${timeout}) reject(new Error('not done in time'));
      else requestAnimationFrame(step);
    };
    step();
  })`) as Promise<number>;
}

const EVERY_COLUMN_HAS_A_CARD = `document.querySelectorAll('section[aria-label^="Orders as a board"] section li[data-record-id]').length > 0 && [...document.querySelectorAll('section[aria-label^="Orders as a board"] section ul')].filter((list) => list.querySelector('li[data-record-id]')).length >= ${STATUS_OPTIONS}`;
const CALENDAR_DONE = `[...document.querySelectorAll('[role="status"]')].some((status) => /every record of these days|Read 20,000 more|Stopped after/.test(status.textContent ?? ''))`;

async function gridPage(browser: Browser, baseUrl: string, key: string, ordersId: string) {
  const page = await newBenchPage(browser);
  await connect(page, baseUrl, key, ordersId, '?sort=');
  await page.getByRole('grid').locator('tbody [role="row"]').first().waitFor();
  return page;
}

async function measureOnDevice(
  browser: Browser,
  baseUrl: string,
  key: string,
  ordersId: string,
  dates: OrdersDates,
  calibration: Calibration,
  log: (line: string) => void,
): Promise<Measure[]> {
  const board: number[] = [];
  const newest: number[] = [];
  const middle: number[] = [];
  const middleEnds: string[] = [];
  let scrollP95 = Number.NaN;
  for (let run = 0; run < RUNS; run += 1) {
    log(`layouts: run ${run + 1} of ${RUNS} on a ${calibration.deviceClass.label}`);
    const page = await gridPage(browser, baseUrl, key, ordersId);
    if (calibration.cpuSlowdown > 1) await throttleCpu(page, calibration.cpuSlowdown);
    const waiting = untilInPage(page, EVERY_COLUMN_HAS_A_CARD);
    await page.locator('label', { has: page.getByRole('radio', { name: 'Board' }) }).click();
    board.push(await waiting);
    if (run === 0) {
      const { frames } = await frameTimesDuring(page, () =>
        page.evaluate(async (duration) => {
          const scroller = document.querySelector<HTMLElement>(
            'section[aria-label^="Orders as a board"] section .overflow-y-auto',
          );
          const started = performance.now();
          while (scroller && performance.now() - started < duration) {
            scroller.scrollTop += 40;
            await new Promise(requestAnimationFrame);
          }
        }, SCROLL_FOR_MS),
      );
      scrollP95 = p95FrameTime(frames);
    }
    for (const [month, into] of [
      [dates.newestMonth, newest],
      [dates.middleMonth, middle],
    ] as const) {
      await page.goto(
        `${baseUrl}/#/tables/${ordersId}?sort=&layout=calendar&date=ordered_at&month=${month}`,
      );
      into.push(await untilInPage(page, CALENDAR_DONE));
      if (into === middle) {
        middleEnds.push(
          (
            await page
              .getByRole('status')
              .filter({ hasText: /records? read|read day by day|Stopped/ })
              .first()
              .innerText()
          ).slice(0, 120),
        );
      }
      // A fresh page for the next month: nothing read is cached between them.
      await page.reload();
      if (calibration.cpuSlowdown > 1) await throttleCpu(page, calibration.cpuSlowdown);
    }
    await page.context().close();
  }
  return [
    dashboardMeasure(
      'board on Orders: first card of every status column after choosing Board',
      'ms',
      board,
      atMost(500, 'ms'),
    ),
    dashboardMeasure(
      'board on Orders: scrolling a column for 5 s, p95 frame time',
      'ms',
      [scrollP95],
      atMost(20, 'ms'),
    ),
    dashboardMeasure(
      `calendar on Orders: the newest orders' month (${dates.newestMonth}) complete`,
      'ms',
      newest,
      atMost(1_000, 'ms'),
    ),
    dashboardMeasure(
      `calendar on Orders: a month in the middle (${dates.middleMonth}) complete or at its bound`,
      'ms',
      middle,
      atMost(5_000, 'ms'),
      middleEnds[0],
    ),
  ].map((row) => onDeviceMeasure(row, calibration));
}

export async function runLayoutsBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const dbPath = path.join(workDir, 'layouts.sqlite');
  log(`seeding ${LAYOUTS_RECORDS.toLocaleString('en-US')} Orders for the board and calendar`);
  return measureDashboardOnOrders(
    { dbPath, distDir, records: LAYOUTS_RECORDS, keyName: 'bench-layouts' },
    async ({ browser, baseUrl, key, ordersId }) => {
      const dates = await ordersDates(baseUrl, key, ordersId);
      const calibration = await calibrate(browser, DEVICE_CLASSES['mid-tier'], log);
      return measureOnDevice(browser, baseUrl, key, ordersId, dates, calibration, log);
    },
  );
}
