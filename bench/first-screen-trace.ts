import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { startReferenceServer } from '../scripts/lib/processes';
import { CONNECTION_STORAGE_KEY } from '../src/lib/auth/connection-storage';

/**
 * What the main thread does while a first screen loads (the grid of Orders, a skill's page),
 * task by task, for builds compared back to back (decision 063). Lighthouse's mobile score
 * simulates a phone from a fast load's trace: a task of the observed trace lasts its
 * duration × the CPU multiplier there, and blocks for what passes 50 ms; so the tasks over
 * ~20 ms here, at a mid-tier phone's calibrated slowdown, are what its total blocking time
 * is made of. Each task is listed with its largest functions by self time (from the V8
 * profiler's samples; an unminified build names them), and the largest contentful paint's
 * candidates. Not part of `npm run bench`.
 *
 *   node_modules/.bin/vite build --outDir /tmp/a/dist   (then change the code, build to b)
 *   node_modules/.bin/tsx bench/first-screen-trace.ts /tmp/a/dist /tmp/b/dist
 *
 * The page runs unthrottled by default, and each task's CPU time (the trace's thread time,
 * which another process's load does not lengthen) is multiplied as Lighthouse multiplies
 * it: the blocking time printed is Lighthouse's model of its total blocking time, from the
 * first contentful paint. FIRST_SCREEN_MODEL_MULTIPLIER (default 2.5: a mid-tier phone on
 * a machine whose benchmarkIndex is ~2,500), FIRST_SCREEN_CPU_SLOWDOWN (default 1; a real
 * throttle, for the wall-clock picture), FIRST_SCREEN_PAGES (default grid,skill),
 * FIRST_SCREEN_ROUNDS (default 2, builds alternated), FIRST_SCREEN_TASK_MS (default 50: the
 * shortest task listed, CPU × multiplier), FIRST_SCREEN_LOAD_MS (default 8,000: how long a
 * load is traced), FIRST_SCREEN_SAVE=<dir> keeps each trace; traces kept are read again
 * with `tsx bench/first-screen-trace.ts <dir>/*.json`.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      nodeName?: string;
      size?: number;
      isMainFrame?: boolean;
      documentLoaderURL?: string;
      isLoadingMainFrame?: boolean;
      cpuProfile?: {
        nodes?: Array<{
          id: number;
          parent?: number;
          callFrame: { functionName: string; url?: string; lineNumber?: number };
        }>;
        samples?: number[];
      };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

const dists = process.argv.slice(2);
const pages = (process.env.FIRST_SCREEN_PAGES ?? 'grid,skill').split(',');
const rounds = Number(process.env.FIRST_SCREEN_ROUNDS ?? 2);
const fixedSlowdown = Number(process.env.FIRST_SCREEN_CPU_SLOWDOWN ?? 1);
/** Lighthouse's CPU multiplier the blocking time is modelled with (a mid-tier phone on this machine: ~2.5). */
const modelMultiplier = Number(process.env.FIRST_SCREEN_MODEL_MULTIPLIER ?? 2.5);
/** The shortest task listed: its CPU time × the model's multiplier, ms. */
const taskMs = Number(process.env.FIRST_SCREEN_TASK_MS ?? 50);
const saveDir = process.env.FIRST_SCREEN_SAVE;
/** FIRST_SCREEN_DESKTOP=1: a desk's window (1280 × 800: the grid, its header's filters) instead of a phone's. */
const desktop = process.env.FIRST_SCREEN_DESKTOP === '1';
/** How long a load is traced: the first screen at a mid-tier phone's pace and deferred work. */
const LOAD_MS = Number(process.env.FIRST_SCREEN_LOAD_MS ?? 8_000);

/** Trace events shown beside the samples (they nest in tasks, not in each other). */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  'v8.evaluateModule': 'module',
  ParseHTML: 'html',
  MajorGC: 'gc',
  MinorGC: 'gc',
  FireAnimationFrame: 'frame callback',
  FireIdleCallback: 'idle callback',
  TimerFire: 'timer',
};

/** Self time by function within [from, to), from the profile's samples. */
function profileOf(events: TraceEvent[], pid: number, tid: number) {
  const frames = new Map<number, string>();
  const samples: Array<{ ts: number; node: number }> = [];
  // The main thread's profile; its chunks come from the profiler's own thread.
  const start = events.find(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  let clock = Number(start?.args?.data?.startTime ?? start?.ts ?? 0);
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk' || event.id !== start?.id) continue;
    const profile = event.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) {
      const { functionName, url, lineNumber = 0 } = node.callFrame;
      const file =
        (url ?? '')
          .split('/')
          .pop()
          ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
      frames.set(node.id, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`);
    }
    const deltas = event.args?.data?.timeDeltas ?? [];
    for (const [index, node] of (profile?.samples ?? []).entries()) {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node });
    }
  }
  return (from: number, to: number, top = 5) => {
    const self = new Map<string, number>();
    for (let index = 0; index < samples.length - 1; index++) {
      const sample = samples[index];
      const next = samples[index + 1];
      if (!sample || !next || sample.ts < from || sample.ts >= to) continue;
      const name = frames.get(sample.node) ?? '?';
      if (/^\((idle|program|root)\)/.test(name)) continue;
      self.set(name, (self.get(name) ?? 0) + (next.ts - sample.ts));
    }
    return [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)}`)
      .join('; ');
  };
}

function report(label: string, events: TraceEvent[]) {
  // A load is timed from its navigation; the connect page's trace (no navigation) from the
  // click on Connect.
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        event.args.data.documentLoaderURL?.startsWith('http'),
    ) ??
    events.find(
      (event) =>
        event.name === 'EventDispatch' && (event.args?.data as { type?: string })?.type === 'click',
    );
  if (!navigation) throw new Error('no navigation or click in the trace');
  const { pid } = navigation;
  const tid = events.find(
    (event) => event.pid === pid && event.ph === 'M' && event.args?.name === 'CrRendererMain',
  )?.tid;
  if (tid === undefined) throw new Error('no renderer main thread');
  const at = (ts: number) => ((ts - navigation.ts) / 1000).toFixed(0).padStart(5);
  const selfTime = profileOf(events, pid, tid);
  const tasks = events
    .filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask')
    .sort((a, b) => a.ts - b.ts);
  // CPU time (the trace's thread time): what another process on the machine took is not
  // counted, as a quiet machine's trace would not have it. Lighthouse's simulation then
  // multiplies a task by its CPU slowdown and counts what passes 50 ms from the first
  // contentful paint on.
  const cpuMs = (task: TraceEvent) => (task.tdur ?? task.dur ?? 0) / 1000;
  const fcp = events.find((event) => event.pid === pid && event.name === 'firstContentfulPaint');
  const afterFcp = tasks.filter((task) => task.ts >= (fcp?.ts ?? 0));
  const blocking = afterFcp.reduce(
    (sum, task) => sum + Math.max(0, cpuMs(task) * modelMultiplier - 50),
    0,
  );
  const long = tasks.filter((task) => cpuMs(task) * modelMultiplier >= taskMs);
  const candidates = events.filter(
    (event) => event.pid === pid && event.name === 'largestContentfulPaint::Candidate',
  );
  console.log(
    `${label}: blocking time modelled at ${modelMultiplier}× from FCP (${fcp ? at(fcp.ts).trim() : '?'} ms): ${blocking.toFixed(0)} ms over ${afterFcp.filter((task) => cpuMs(task) * modelMultiplier > 50).length} tasks; main-thread CPU ${tasks.reduce((sum, task) => sum + cpuMs(task), 0).toFixed(0)} ms; LCP candidates at ${candidates.map((event) => `${at(event.ts)} ms (${event.args?.data?.nodeName})`).join(', ')}`,
  );
  const mainSlices = events.filter(
    (event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur,
  );
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    // Style, layout and the V8 work the samples do not name, inside the task.
    const kinds = new Map<string, number>();
    for (const slice of mainSlices) {
      const kind = KINDS[slice.name];
      if (!kind || slice.ts < task.ts || slice.ts >= end) continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + (slice.dur ?? 0) / 1000);
    }
    const inside = [...kinds]
      .filter(([, ms]) => ms >= 2)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
      .join(', ');
    console.log(
      `  ${at(task.ts)} ms +${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms, CPU ${cpuMs(task).toFixed(0).padStart(3)} ms  [${inside}] ${selfTime(task.ts, end)}`,
    );
  }
}

if (dists.length === 0) throw new Error('usage: tsx bench/first-screen-trace.ts <dist> [<dist>…]');
// Traces kept by FIRST_SCREEN_SAVE, read again: tsx bench/first-screen-trace.ts <dir>/*.json
if (dists.every((file) => file.endsWith('.json'))) {
  for (const file of dists) {
    const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    report(file, traceEvents);
  }
  process.exit(0);
}
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'loading',
  'blink.user_timing',
  '__metadata',
];

/**
 * FIRST_SCREEN_PAGES=connect: the bench's connect row (dashboard-bench.ts measureConnect),
 * traced from the click on Connect: the table's address opened without a key, the key
 * typed, the CPU slowed (FIRST_SCREEN_CPU_SLOWDOWN, e.g. 10 for a low-tier phone), the
 * click, then LOAD_MS of the records screen's first render. Times are from the click.
 */
async function traceConnect(
  page: Page,
  url: string,
  hash: string,
  key: string,
  name: string,
  round: number,
  index: number,
) {
  // A stand-in for React DevTools' hook: with it, a profiling build (react-dom/profiling)
  // times every component's render on the trace's "Components ⚛" track.
  if (process.env.FIRST_SCREEN_REACT_TRACKS === '1') {
    // A string: tsx's keepNames would wrap functions written here in a helper the page lacks.
    await page.addInitScript(
      'window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {}, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {} };',
    );
  }
  await page.goto(`${url}/${hash}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: fixedSlowdown });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForTimeout(LOAD_MS);
  const buffer = await browser.stopTracing();
  const shown = await page
    .locator('[role="grid"] [role="row"][aria-rowindex="2"]')
    .first()
    .isVisible();
  if (!shown) console.log(`  (${name}: no first row within ${LOAD_MS} ms)`);
  if (saveDir)
    writeFileSync(path.join(saveDir, `${name}-r${round + 1}-b${index + 1}.json`), buffer);
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  report(`round ${round + 1}, ${dists[index]}, ${name}, CPU ${fixedSlowdown}×`, traceEvents);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'first-screen-trace-'));
const dbPath = path.join(workDir, 'demo.sqlite');
const servers = [];
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
try {
  for (const dist of dists) {
    // The first start seeds the demo database; the others share it.
    servers.push(await startReferenceServer({ dbPath, dashboardDir: dist, demo: true }));
  }
  const base = servers[0]?.url ?? '';
  const { demoKey } = (await (await fetch(`${base}/config.json`)).json()) as { demoKey: string };
  const listed = async (list: string, query: string) => {
    const response = await fetch(`${base}/api/public/v1/${list}?${query}`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    return ((await response.json()) as Record<string, Array<{ id: string; name?: string }>>)[list];
  };
  const orders = (await listed('tables', 'limit=100'))?.find((table) => table.name === 'Orders');
  const skill = (await listed('skills', 'limit=1'))?.[0];
  if (!orders || !skill) throw new Error('the demo workspace has no Orders or no skill');
  const hashOf: Record<string, string> = {
    grid: `#/tables/${orders.id}`,
    skill: `#/skills/${skill.id}`,
    connect: `#/tables/${orders.id}`,
  };
  const painted: Record<string, string> = {
    // On a phone's width the grid's page shows cards; its status line says when rows are in.
    grid: 'main p[role="status"]:has-text("loaded")',
    skill: 'article .markdown-body',
  };
  for (let round = 0; round < rounds; round++) {
    for (const [index, server] of servers.entries()) {
      for (const name of pages) {
        // Lighthouse's mobile viewport (or a desk's), the key stored as "remember me" stores it.
        // The connect row is measured on a desk's window (dashboard-bench.ts).
        const context = await browser.newContext(
          desktop || name === 'connect'
            ? { viewport: { width: 1280, height: 800 } }
            : {
                viewport: { width: 412, height: 823 },
                deviceScaleFactor: 1.75,
                isMobile: true,
                hasTouch: true,
              },
        );
        const page = await context.newPage();
        if (name === 'connect') {
          await traceConnect(page, server.url, hashOf[name] ?? '', demoKey, name, round, index);
          await context.close();
          continue;
        }
        await page.goto(`${server.url}/#/connect`);
        await page.evaluate(
          ([storageKey, key]) =>
            localStorage.setItem(
              storageKey as string,
              JSON.stringify({ serviceUrl: '', apiKey: key, skillsPath: null }),
            ),
          [CONNECTION_STORAGE_KEY, demoKey],
        );
        const slowdown = fixedSlowdown;
        const devtools = await context.newCDPSession(page);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await page.goto('about:blank');
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        await page.goto(`${server.url}/${hashOf[name]}`);
        // A wait that polls the page would add its own tasks: the load is given a fixed time.
        await page.waitForTimeout(LOAD_MS);
        const buffer = await browser.stopTracing();
        const shown = await page
          .locator(painted[name] ?? 'main')
          .first()
          .isVisible();
        if (!shown) console.log(`  (${name}: not shown within ${LOAD_MS} ms)`);
        if (saveDir)
          writeFileSync(path.join(saveDir, `${name}-r${round + 1}-b${index + 1}.json`), buffer);
        const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        report(`round ${round + 1}, ${dists[index]}, ${name}, CPU ${slowdown}×`, traceEvents);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
