import type { Page } from '@playwright/test';
import { FIRST_PAGE_SIZE, PAGE_SIZE } from '../src/features/records/api/record-queries';
import {
  connect,
  type DashboardGroup,
  dashboardMeasure,
  describeLongFrames,
  frameTimesDuring,
  longFramesSince,
  longTasksSince,
  newBenchPage,
  onDeviceMeasure,
  p95FrameTime,
  probeMarks,
  waitForPaintAfterClick,
} from './lib/dashboard-page';
import { atMost } from './lib/device-classes';
import type { Measure } from './lib/results';

/**
 * The desk grid scrolled on Orders: far (to record 100,000, as a person flicking the wheel
 * hard) and at a person's pace (the wheel for 10 s). Unthrottled, or on a device class's
 * calibrated CPU; frame costs come from rAF timestamps and Long Animation Frames entries,
 * which the probe reads without forcing a layout.
 */

const SCROLL_TARGET = Number(process.env.BENCH_SCROLL_RECORDS ?? 100_000);

/** The person's pace of issue 13: the wheel 400 px every 50 ms for 10 s. */
const WHEEL_STEP_PX = 400;
const WHEEL_EVERY_MS = 50;
const WHEEL_FOR_MS = 10_000;

/** Scrolls the grid down until `untilRecord` is loaded (or the end); returns what it saw. */
async function scrollGrid(page: Page, untilRecord: number) {
  const grid = page.getByRole('grid');
  await grid.locator('[role="row"][aria-rowindex="2"]').waitFor();
  const requests: string[] = [];
  let labelLookups = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // Pages of the list only: `/records/<id>` is a REFERENCE cell's label lookup (one per
    // customer drawn while a page loads), not a page, and not what the target counts.
    if (pathname.endsWith('/records')) requests.push(request.url());
    else if (pathname.includes('/records/')) labelLookups += 1;
  });
  const started = Date.now();
  const reached = await page.evaluate(
    (target) =>
      (window as unknown as { __benchScrollTo(t: number): Promise<number> }).__benchScrollTo(
        target,
      ),
    untilRecord,
  );
  return { requests, labelLookups, reached, seconds: (Date.now() - started) / 1000 };
}

async function heapUsedMegabytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  await session.send('HeapProfiler.collectGarbage');
  const { metrics } = await session.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  return heap / 2 ** 20;
}

/**
 * Scroll to record 100,000: its long tasks, on `calibration`'s CPU when given; unthrottled,
 * also the DOM, the heap and the requests, which do not depend on the CPU's speed.
 */
export const measureScrollToRecord: DashboardGroup = async (
  browser,
  baseUrl,
  key,
  tableId,
  log,
  calibration,
) => {
  const target = SCROLL_TARGET.toLocaleString('en-US');
  log(
    `scrolling to record ${target}${calibration ? ` on a ${calibration.deviceClass.label}` : ''}`,
  );
  const page = await newBenchPage(browser, calibration?.cpuSlowdown);
  await connect(page, baseUrl, key, tableId);
  await waitForPaintAfterClick(page);
  const before = await probeMarks(page);
  const scroll = await scrollGrid(page, SCROLL_TARGET);
  const longTasks = await longTasksSince(page, before.longTasks);
  const longFrames = await longFramesSince(page, before.longFrames);
  const scrollNote = `reached record ${scroll.reached.toLocaleString('en-US')} in ${scroll.seconds.toFixed(1)} s; ${describeLongFrames(longFrames)}`;
  const longTaskRow = (budget: number) =>
    dashboardMeasure(
      `scroll to record ${target}: long tasks over 50 ms`,
      'tasks',
      [longTasks.length],
      atMost(budget),
      scrollNote,
    );
  const measures: Measure[] = [];
  if (calibration) {
    measures.push(
      onDeviceMeasure(longTaskRow(calibration.deviceClass.budgets.scrollLongTasks), calibration),
    );
  } else {
    // The grid asks for a small first page, then large ones: what reaching the target implies.
    const impliedRequests = Math.ceil((SCROLL_TARGET - FIRST_PAGE_SIZE) / PAGE_SIZE);
    const duplicates = scroll.requests.length - new Set(scroll.requests).size;
    const probe = await page.evaluate(
      () => (window as unknown as { __bench: { maxRowElements: number } }).__bench,
    );
    measures.push(
      longTaskRow(5),
      dashboardMeasure(
        `scroll to record ${target}: most row elements in the DOM`,
        'rows',
        [probe.maxRowElements],
        atMost(150),
      ),
      dashboardMeasure(
        `scroll to record ${target}: JS heap at the end`,
        'MB',
        [await heapUsedMegabytes(page)],
        atMost(30, 'MB'),
      ),
      dashboardMeasure(
        `scroll to record ${target}: record requests after the first page`,
        'requests',
        [scroll.requests.length],
        // One look-ahead page may already be on its way when the target row is drawn.
        { kind: 'max', value: impliedRequests + 1, label: `${impliedRequests} (+1 look-ahead)` },
        `${duplicates} duplicates; pages of ${PAGE_SIZE} after a first page of ${FIRST_PAGE_SIZE}; besides, ${scroll.labelLookups} label lookups of linked records`,
      ),
    );
  }
  await page.context().close();
  return measures;
};

/** The wheel at a person's pace for 10 s: the p95 frame time and the long tasks. */
export const measureWheel: DashboardGroup = async (
  browser,
  baseUrl,
  key,
  tableId,
  log,
  calibration,
) => {
  log(`wheel at a person's pace${calibration ? ` on a ${calibration.deviceClass.label}` : ''}`);
  const page = await newBenchPage(browser, calibration?.cpuSlowdown);
  await connect(page, baseUrl, key, tableId);
  await waitForPaintAfterClick(page);
  const box = await page.getByRole('grid').boundingBox();
  if (!box) throw new Error('the grid has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  const before = await probeMarks(page);
  // The canvas shown and hidden during the wheel: every hide before the wheel's end is a rest
  // (the DOM rows drawn) that fell between two of its steps (issue 31, decision 066).
  await page.evaluate(() => {
    const canvas = document.querySelector('[role="grid"]')?.parentElement?.querySelector('canvas');
    const counts = { shows: 0, hides: 0 };
    (window as unknown as { __benchCanvasShows: typeof counts }).__benchCanvasShows = counts;
    if (!canvas) return;
    let shown = canvas.style.display === 'block';
    new MutationObserver(() => {
      const now = canvas.style.display === 'block';
      if (now !== shown) counts[now ? 'shows' : 'hides'] += 1;
      shown = now;
    }).observe(canvas, { attributes: true, attributeFilter: ['style'] });
  });
  const { frames } = await frameTimesDuring(page, async () => {
    const wheelStarted = Date.now();
    while (Date.now() - wheelStarted < WHEEL_FOR_MS) {
      const stepStarted = Date.now();
      await page.mouse.wheel(0, WHEEL_STEP_PX);
      const rest = WHEEL_EVERY_MS - (Date.now() - stepStarted);
      if (rest > 0) await page.waitForTimeout(rest);
    }
  });
  const canvasShows = await page.evaluate(
    () =>
      (window as unknown as { __benchCanvasShows: { shows: number; hides: number } })
        .__benchCanvasShows,
  );
  const longTasks = await longTasksSince(page, before.longTasks);
  const longFrames = await longFramesSince(page, before.longFrames);
  const reachedRow = await page.evaluate(() => {
    let highest = 0;
    for (const row of document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]'))
      highest = Math.max(highest, Number(row.getAttribute('aria-rowindex')));
    // The canvas drawn while the grid scrolls (decision 066): the highest record it drew.
    const canvas = document.querySelector<HTMLElement>('[role="grid"]')?.parentElement;
    const drawn = Number(canvas?.querySelector('canvas')?.dataset.lastDrawnRow ?? 0);
    return Math.max(highest - 1, drawn);
  });
  await page.context().close();
  const budgets = calibration?.deviceClass.budgets;
  const rows = [
    dashboardMeasure(
      'wheel 400 px every 50 ms for 10 s on Orders: p95 frame time',
      'ms',
      [p95FrameTime(frames)],
      atMost(budgets?.wheelP95Ms ?? 20, 'ms'),
      `${frames.length} frames, worst ${Math.max(...frames).toFixed(0)} ms; row ${reachedRow.toLocaleString('en-US')} at the end; canvas shown ${canvasShows.shows}×, rested ${canvasShows.hides}× while the wheel turned`,
    ),
    dashboardMeasure(
      'wheel 400 px every 50 ms for 10 s on Orders: long tasks over 50 ms',
      'tasks',
      [longTasks.length],
      atMost(budgets?.wheelLongTasks ?? 0),
      describeLongFrames(longFrames),
    ),
  ];
  return calibration ? rows.map((row) => onDeviceMeasure(row, calibration)) : rows;
};
