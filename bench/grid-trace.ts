import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';

/**
 * Main-thread CPU of the grid's scroll script, from a Chromium trace, for builds compared
 * back to back (decision 024). The long-task count of `npm run bench` depends on what else
 * the machine runs; the CPU time of each trace event does much less, so this is the
 * evidence for a change to the grid's rendering. Not part of `npm run bench`.
 *
 *   node_modules/.bin/vite build --outDir /tmp/a/dist   (then change the code)
 *   node_modules/.bin/vite build --outDir /tmp/b/dist
 *   node_modules/.bin/tsx bench/grid-trace.ts /tmp/a/dist /tmp/b/dist
 *
 * GRID_TRACE_RECORDS (default 20,000) is where the bench's scroll script stops,
 * GRID_TRACE_ROUNDS (default 2) how often each build runs, alternating; GRID_TRACE_DB a
 * seeded database to reuse (else 100,000 Orders are seeded into a temporary one).
 * GRID_TRACE_PATH=steady scrolls a fixed path at a wheel's pace instead (180 px every
 * 50 ms, 200 times: 1,000 rows, each drawn for ~200 ms, long enough for its linked names to
 * be asked for, as the wheel row of `npm run bench` does), so two builds do the same work
 * however busy the machine is; GRID_TRACE_CPU_SLOWDOWN (default 1) throttles the CPU.
 * GRID_TRACE_PATH=cards traces the phone's cards instead (390 × 844, touch), flung as
 * cards-bench.ts flings them: GRID_TRACE_FLINGS flicks (default 14) of 2,500 px/s, one
 * every 700 ms, paced by frames, not the clock (each frame moves the cards as far as a
 * 60 Hz frame would), so two builds scroll the same path however slow the CPU is.
 */

const records = Number(process.env.GRID_TRACE_RECORDS ?? 20_000);
const rounds = Number(process.env.GRID_TRACE_ROUNDS ?? 2);
const steadyPath = process.env.GRID_TRACE_PATH === 'steady';
const cpuSlowdown = Number(process.env.GRID_TRACE_CPU_SLOWDOWN ?? 1);
const STEADY_STEP_PX = Number(process.env.GRID_TRACE_STEP_PX ?? 180);
const STEADY_EVERY_MS = 50;
const STEADY_STEPS = 200;
const dists = process.argv.slice(2);
/** GRID_TRACE_SAVE=<dir> keeps each trace (with the JavaScript profiler's samples) there. */
const saveDir = process.env.GRID_TRACE_SAVE;
const PAGE_PROBE = path.join(import.meta.dirname, 'lib/page-probe.js');
const cardsPath = process.env.GRID_TRACE_PATH === 'cards';
const FLINGS = Number(process.env.GRID_TRACE_FLINGS ?? 14);
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; elementCount?: number };
}

interface BenchWindow {
  __benchScrollTo(target: number): Promise<number>;
}

/** What the main thread's trace events are, grouped as DevTools' summary groups them. */
const KIND_OF: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'v8.callFunction': 'script',
  'V8.Execute': 'script',
  ParseHTML: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'layerize',
  UpdateLayer: 'layerize',
  Commit: 'commit',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GCScavenger': 'gc',
  'V8.GCFinalizeMC': 'gc',
  'V8.GC_MC_BACKGROUND_MARKING': 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  HitTest: 'hit-test',
  ScrollLayer: 'scroll',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** CPU time per event name on the renderer's main thread, each event without its children. */
function summarize(events: TraceEvent[]) {
  const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
  const cpuByThread = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'RunTask' || !mainThreads.has(threadOf(event))) continue;
    cpuByThread.set(threadOf(event), (cpuByThread.get(threadOf(event)) ?? 0) + (event.tdur ?? 0));
  }
  const main = [...cpuByThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const slices = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && threadOf(event) === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const selfByName = new Map<string, number>();
  const taskCpu: number[] = [];
  /** Top-level tasks that drew a frame (they hold a Paint), and the others, in ms of CPU. */
  const frameCpu: number[] = [];
  const otherCpu: number[] = [];
  const stack: { event: TraceEvent; children: number; paints: boolean }[] = [];
  const closeUntil = (time: number) => {
    for (
      let top = stack.at(-1);
      top && top.event.ts + (top.event.dur ?? 0) <= time;
      top = stack.at(-1)
    ) {
      stack.pop();
      const self = (top.event.tdur ?? 0) - top.children;
      selfByName.set(top.event.name, (selfByName.get(top.event.name) ?? 0) + self);
      const parent = stack.at(-1);
      if (parent) {
        parent.children += top.event.tdur ?? 0;
        parent.paints ||= top.paints || top.event.name === 'Paint';
      } else {
        const ms = (top.event.tdur ?? 0) / 1000;
        taskCpu.push(ms);
        (top.paints ? frameCpu : otherCpu).push(ms);
      }
    }
  };
  for (const slice of slices) {
    closeUntil(slice.ts);
    stack.push({ event: slice, children: 0, paints: false });
  }
  closeUntil(Number.POSITIVE_INFINITY);
  const styles = events.filter((event) => event.name === 'UpdateLayoutTree' && event.ph === 'X');
  const restyled = styles.reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0);
  const byKind = new Map<string, number>();
  for (const [name, micros] of selfByName) {
    const kind = KIND_OF[name] ?? 'other';
    byKind.set(kind, (byKind.get(kind) ?? 0) + micros);
  }
  // Wall-clock figures under the throttle, as the bench's rows count them: tasks over 50 ms
  // and the p95 of the intervals between animation frames.
  const tasksOver50Ms = slices.filter(
    (event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000,
  ).length;
  const frameStarts = slices
    .filter((event) => event.name === 'FireAnimationFrame')
    .map((event) => event.ts);
  const intervals = frameStarts
    .slice(1)
    .map((ts, index) => (ts - (frameStarts[index] ?? ts)) / 1000)
    .sort((a, b) => a - b);
  const p95Frame = intervals[Math.floor(intervals.length * 0.95)] ?? Number.NaN;
  return {
    wall: `tasks over 50 ms ${tasksOver50Ms}, p95 interval between animation frames ${p95Frame.toFixed(1)} ms`,
    cpuMs: taskCpu.reduce((sum, ms) => sum + ms, 0),
    byKind: [...byKind]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, micros]) => `${kind} ${(micros / 1000).toFixed(0)}`)
      .join(', '),
    tasksOver30MsCpu: taskCpu.filter((ms) => ms > 30).length,
    frames: `${frameCpu.length} frames, CPU median ${median(frameCpu).toFixed(1)} ms, mean ${(frameCpu.reduce((sum, ms) => sum + ms, 0) / Math.max(1, frameCpu.length)).toFixed(1)} ms, over 20 ms ${frameCpu.filter((ms) => ms > 20).length}`,
    otherTasks: `other tasks over 20 ms of CPU ${otherCpu.filter((ms) => ms > 20).length} (${otherCpu
      .filter((ms) => ms > 20)
      .reduce((sum, ms) => sum + ms, 0)
      .toFixed(0)} ms)`,
    restyledPerRecalc: restyled / Math.max(1, styles.length),
    topSelf: [...selfByName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)}`)
      .join(', '),
  };
}

async function connectToOrders(page: Page, baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const { tables } = (await response.json()) as { tables: { id: string; name: string }[] };
  const orders = tables.find((table) => table.name === 'Orders');
  if (!orders) throw new Error('no Orders table');
  await page.goto(`${baseUrl}/#/tables/${orders.id}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  const connectButton = page.getByRole('button', { name: 'Connect', exact: true });
  // On the phone a finger taps: a click would leave a mouse pointer resting over the cards.
  if (cardsPath && process.env.CLICK !== '1') await connectButton.tap();
  else await connectButton.click();
  if (cardsPath) {
    await page.locator('ul[aria-label="Orders"] > li[data-row-id]').first().waitFor();
    // No grid row comes to end the probe's watch of the document (page-probe.js).
    await page.evaluate(() =>
      (window as unknown as { __bench: { stopWatching(): void } }).__bench.stopWatching(),
    );
  } else
    await page
      .getByRole('grid')
      .locator('[role="row"][aria-rowindex="2"]:not([aria-busy])')
      .waitFor();
}

/**
 * GRID_TRACE_PATH=cards: flicks of 2,500 px/s every 42 frames (700 ms at 60 Hz), each
 * coasting down (325 ms time constant) a 60 Hz frame's worth each frame drawn; returns
 * the last card drawn.
 */
async function flingCards(page: Page): Promise<number> {
  return page.evaluate(async (flings) => {
    const list = document.querySelector('ul[aria-label="Orders"]');
    const scroller = list?.parentElement;
    if (!list || !scroller) throw new Error('no cards');
    // No named functions in here: tsx's keepNames `__name` helper does not exist in the page.
    const probe = window as unknown as { __benchAfterNextFrame(): Promise<void> };
    const dt = 1 / 60;
    for (let fling = 0; fling < flings; fling++) {
      let velocity = 2_500;
      for (let frame = 0; frame < 42; frame++) {
        scroller.scrollTop += velocity * dt;
        velocity *= Math.exp(-dt / 0.325);
        await probe.__benchAfterNextFrame();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    return Math.max(
      ...Array.from(list.querySelectorAll<HTMLElement>(':scope > li'), (card) =>
        Number(card.dataset.index ?? 0),
      ),
    );
  }, FLINGS);
}

/**
 * The fixed path of GRID_TRACE_PATH=steady, paced inside the page (a round trip to the
 * driver per step would slow the pace with the machine's load); returns the last row drawn.
 */
async function scrollSteadily(page: Page): Promise<number> {
  return page.evaluate(
    async ({ px, everyMs, steps }) => {
      const scroller = document.querySelector('[role="grid"]')?.parentElement;
      if (!scroller) throw new Error('no grid');
      for (let step = 0; step < steps; step++) {
        // A wheel's step: its input, then its scroll (only a person's input paints).
        scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: px, bubbles: true }));
        scroller.scrollTop += px;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      // The names of the rows the path stopped on arrive inside the trace too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return Math.max(
        ...Array.from(
          document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]'),
          (row) => Number(row.getAttribute('aria-rowindex')) - 1,
        ),
      );
    },
    { px: STEADY_STEP_PX, everyMs: STEADY_EVERY_MS, steps: STEADY_STEPS },
  );
}

if (dists.length === 0) throw new Error('usage: tsx bench/grid-trace.ts <dist> [<dist>…]');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'grid-trace-'));
const dbPath = process.env.GRID_TRACE_DB ?? path.join(workDir, 'orders.sqlite');
const servers = [];
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
try {
  for (const dist of dists) {
    // The first start seeds the database; the others share it.
    servers.push(
      await startReferenceServer({ dbPath, dashboardDir: dist, rateLimitPerMinute: 1_000_000_000 }),
    );
  }
  const key = createKey({ dbPath, workspace: 'acme', name: 'grid-trace', scopes: ALL_READ_SCOPES });
  for (let round = 0; round < rounds; round++) {
    for (const [index, server] of servers.entries()) {
      const context = await browser.newContext(
        cardsPath ? PHONE : { viewport: { width: 1280, height: 800 } },
      );
      await context.addInitScript({ path: PAGE_PROBE });
      const page = await context.newPage();
      if (cpuSlowdown > 1) {
        const devtools = await context.newCDPSession(page);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      }
      await connectToOrders(page, server.url, key);
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          '__metadata',
          ...(saveDir ? ['disabled-by-default-v8.cpu_profiler', 'v8', 'blink.user_timing'] : []),
        ],
      });
      const started = Date.now();
      const reached = cardsPath
        ? await flingCards(page)
        : steadyPath
          ? await scrollSteadily(page)
          : await page.evaluate(
              (target) => (window as unknown as BenchWindow).__benchScrollTo(target),
              records,
            );
      const seconds = (Date.now() - started) / 1000;
      const traceBuffer = await browser.stopTracing();
      if (saveDir) {
        writeFileSync(path.join(saveDir, `round${round + 1}-build${index + 1}.json`), traceBuffer);
      }
      const trace = JSON.parse(traceBuffer.toString()) as {
        traceEvents: TraceEvent[];
      };
      const result = summarize(trace.traceEvents);
      console.log(
        `round ${round + 1}, ${dists[index]}: record ${reached} in ${seconds.toFixed(1)} s; main-thread CPU ${result.cpuMs.toFixed(0)} ms; tasks over 30 ms of CPU ${result.tasksOver30MsCpu}; ${result.restyledPerRecalc.toFixed(0)} elements a style recalculation\n  ${result.wall}\n  ${result.frames}; ${result.otherTasks}\n  ms by kind: ${result.byKind}\n  ms by event: ${result.topSelf}`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
