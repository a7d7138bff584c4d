import path from 'node:path';
import type { Page } from '@playwright/test';
import { measureFindKeystrokes } from './find-keystroke-bench';
import { calibrate } from './lib/calibration';
import {
  connect,
  dashboardMeasure,
  describeLongFrames,
  longFramesSince,
  longTasksOf,
  measureDashboardOnOrders,
  newBenchPage,
  onDeviceMeasure,
  probeMarks,
  throttleCpu,
} from './lib/dashboard-page';
import { atMost, DEVICE_CLASSES } from './lib/device-classes';
import type { Measure } from './lib/results';

/**
 * Find over a whole view in the browser (docs/decisions/057): the built dashboard on the
 * reference server with 100,000 Orders, at 1280 × 800 on the mid-tier device class's
 * calibrated CPU. A word is typed into the find box of Orders as they are (no sort, no
 * filter); measured until the status says the whole view was searched: the time, the long
 * tasks on the page's main thread meanwhile (the matching runs in a worker), and the JS
 * heap after it, the page's and the find worker's, each after a garbage collection.
 * (bench/find-bench.ts measures the matcher alone, in Node.)
 *
 * The find worker reads and matches the pages, and Chromium slows only the page's main
 * thread (Emulation.setCPUThrottlingRate answers "only supported for pages, not workers"
 * on a worker's session): the worker runs at the machine's own speed, which the row's
 * benchmarkIndex says. BENCH_BIG_DB=<file> reuses a seeded database (its Orders, whatever
 * their number: say it with BENCH_FIND_RECORDS) instead of seeding one. The rows name the
 * number walked, so a run over 1,000,000 keeps the 100,000 rows beside it. A walk stops at
 * the 10,000 matches kept, before the whole view: over 1,000,000 Orders "haddad" does, so
 * type a rarer query there (BENCH_FIND_WORD="haddad ada", BENCH_FIND_RUNS=1).
 */

const FIND_RECORDS = Number(process.env.BENCH_FIND_RECORDS ?? 100_000);
const RUNS = Number(process.env.BENCH_FIND_RUNS ?? 3);
/** The budget for the whole view: 100,000 Orders in 5 s, 1,000,000 in 45 s. */
const BUDGET_MS = FIND_RECORDS > 100_000 ? 45_000 : 5_000;
/** A customer's surname: a few thousand of the 100,000 orders, under the 10,000 kept. */
const WORD = process.env.BENCH_FIND_WORD ?? 'haddad';

const SEARCHED_ALL = `[...document.querySelectorAll('section[aria-label="Find"] [role="status"]')].some((status) => /searched the whole view/.test(status.textContent ?? ''))`;

/** Milliseconds in the page from typing the word until `done` holds (polled every frame). */
async function findTime(page: Page, word: string): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { __findStarted: number }).__findStarted = performance.now();
  });
  await page.getByRole('textbox', { name: 'Find in this table' }).fill(word);
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const started = window.__findStarted;
    const step = () => {
      if (${SEARCHED_ALL}) resolve(performance.now() - started);
      else if (performance.now() - started > 300000) reject(new Error('the find did not end'));
      else requestAnimationFrame(step);
    };
    step();
  })`)) as number;
}

/** MB of the page's main-thread JS heap in use after a garbage collection. */
async function pageHeapAfterGc(page: Page): Promise<number> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('HeapProfiler.collectGarbage');
  const usage = await devtools.send('Runtime.getHeapUsage');
  await devtools.detach();
  return usage.usedSize / 2 ** 20;
}

/**
 * MB of each dedicated worker's JS heap in use after a garbage collection (the find's
 * store lives there): Playwright opens no DevTools session on a worker, so the page's
 * session attaches to them (Target.setAutoAttach, not flattened) and talks to each through
 * Target.sendMessageToTarget.
 */
async function workerHeapsAfterGc(page: Page): Promise<number[]> {
  const session = await page.context().newCDPSession(page);
  const workers: string[] = [];
  const replies = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const firstWorker = new Promise<void>((resolve) => {
    session.on('Target.attachedToTarget', (event) => {
      if (event.targetInfo.type === 'worker') {
        workers.push(event.sessionId);
        resolve();
      }
    });
    setTimeout(resolve, 5_000);
  });
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) replies.get(message.id)?.(message.result);
  });
  await session.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  await firstWorker;
  const ask = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      replies.set(id, resolve);
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method }),
      });
    });
  const heaps: number[] = [];
  for (const sessionId of workers) {
    await ask(sessionId, 'HeapProfiler.collectGarbage');
    const usage = (await ask(sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
    heaps.push(usage.usedSize / 2 ** 20);
  }
  await session.detach();
  return heaps;
}

/** How often the heaps are sampled during a walk. */
const HEAP_SAMPLE_MS = 250;

/**
 * Samples the JS heap in use of the page and of each dedicated worker (the find's reads and
 * matches) while a find walks, as the peak a garbage collection after it hides: the page's
 * session attaches to the workers as they start (Target.setAutoAttach, not flattened, as in
 * workerHeapsAfterGc). `stop` resolves with the peaks in MB.
 */
async function sampleHeapPeaks(page: Page) {
  const session = await page.context().newCDPSession(page);
  const workers: string[] = [];
  const replies = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  session.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.push(event.sessionId);
  });
  session.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) replies.get(message.id)?.(message.result);
  });
  await session.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  const workerHeap = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      replies.set(id, (result) =>
        resolve((result as { usedSize?: number } | undefined)?.usedSize ?? 0),
      );
      void session
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => resolve(0));
    });
  let pagePeak = 0;
  let workerPeak = 0;
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      const usage = await session.send('Runtime.getHeapUsage');
      pagePeak = Math.max(pagePeak, usage.usedSize);
      for (const sessionId of workers)
        workerPeak = Math.max(workerPeak, await workerHeap(sessionId));
      await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_MS));
    }
  })();
  return {
    stop: async () => {
      sampling = false;
      await loop;
      await session.detach();
      return { pageMb: pagePeak / 2 ** 20, workerMb: workerPeak / 2 ** 20 };
    },
  };
}

export async function runFindWalkBenchmarks(
  workDir: string,
  distDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const dbPath = process.env.BENCH_BIG_DB ?? path.join(workDir, 'find-walk.sqlite');
  if (!process.env.BENCH_BIG_DB) {
    log(`seeding ${FIND_RECORDS.toLocaleString('en-US')} Orders for Find's whole-view walk`);
  }
  return measureDashboardOnOrders(
    { dbPath, distDir, records: FIND_RECORDS, keyName: 'bench-find' },
    async ({ browser, baseUrl, key, ordersId }) => {
      const calibration = await calibrate(browser, DEVICE_CLASSES['mid-tier'], log);
      const times: number[] = [];
      const longTaskCounts: number[] = [];
      const worstLongTasks: number[] = [];
      const pageHeaps: number[] = [];
      const workerHeaps: number[] = [];
      const pagePeaks: number[] = [];
      const workerPeaks: number[] = [];
      let framesNote = '';
      let matches = '';
      for (let run = 0; run < RUNS; run += 1) {
        log(`find walk: run ${run + 1} of ${RUNS} on a ${calibration.deviceClass.label}`);
        const page = await newBenchPage(browser);
        await connect(page, baseUrl, key, ordersId, '?sort=');
        await page.getByRole('grid').locator('tbody [role="row"]').first().waitFor();
        if (calibration.cpuSlowdown > 1) await throttleCpu(page, calibration.cpuSlowdown);
        const before = await probeMarks(page);
        const peaks = await sampleHeapPeaks(page);
        times.push(await findTime(page, WORD));
        const peak = await peaks.stop();
        pagePeaks.push(peak.pageMb);
        if (peak.workerMb > 0) workerPeaks.push(peak.workerMb);
        const longTasks = (await longTasksOf(page)).slice(before.longTasks);
        const overBudget = longTasks.filter((duration) => duration > 50);
        longTaskCounts.push(overBudget.length);
        worstLongTasks.push(Math.max(0, ...longTasks));
        if (run === 0) {
          framesNote = describeLongFrames(await longFramesSince(page, before.longFrames));
          matches = await page
            .locator('section[aria-label="Find"] [role="status"]')
            .first()
            .innerText();
        }
        pageHeaps.push(await pageHeapAfterGc(page));
        const workers = await workerHeapsAfterGc(page);
        if (workers.length > 0) workerHeaps.push(Math.max(...workers));
        await page.context().close();
      }
      const size = FIND_RECORDS.toLocaleString('en-US');
      const during = (what: string) => `find over the whole view of ${size} Orders: ${what}`;
      const sampled = `sampled every ${HEAP_SAMPLE_MS} ms through DevTools (Runtime.getHeapUsage)`;
      /** A heap row, when there is a value (no find worker: no worker rows). */
      const heapRow = (what: string, values: number[], note?: string) =>
        values.length > 0
          ? [dashboardMeasure(during(what), 'MB', values, atMost(100, 'MB'), note)]
          : [];
      const rows = [
        dashboardMeasure(
          `find "${WORD}" over ${size} Orders: typed → the whole view searched`,
          'ms',
          times,
          atMost(BUDGET_MS, 'ms'),
          `${matches.slice(0, 120)}; the find worker (reading and matching) not slowed`,
        ),
        dashboardMeasure(
          during('long tasks (> 50 ms) on the main thread meanwhile'),
          'count',
          longTaskCounts,
          atMost(0),
          framesNote,
        ),
        dashboardMeasure(
          during('the longest main-thread task meanwhile'),
          'ms',
          worstLongTasks,
          atMost(50, 'ms'),
        ),
        ...heapRow('the page’s JS heap after it (after a GC)', pageHeaps),
        ...heapRow('the page’s JS heap at its peak during it', pagePeaks, sampled),
        ...heapRow('the find worker’s JS heap at its peak during it', workerPeaks, sampled),
        ...heapRow('the find worker’s JS heap after it (after a GC)', workerHeaps),
      ];
      // Issue 33's keystroke budget, on the same calibrated CPU (find-keystroke-bench.ts).
      rows.push(await measureFindKeystrokes(browser, baseUrl, key, ordersId, calibration, log));
      return rows.map((row) => onDeviceMeasure(row, calibration));
    },
  );
}
