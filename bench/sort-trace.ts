import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { connect, newBenchPage, readProbe, waitForPaintAfterClick } from './lib/dashboard-page';

/**
 * Where a header click's time goes, from the click to the first row of the new order
 * painted (issue 31's sort row), for builds compared back to back: a Chromium trace of
 * each click, its main-thread tasks in order (wall and CPU time, style, layout and paint
 * inside, the largest functions by self time, the React components they rendered), and
 * the records request's own times (sent, first byte, last byte). An unminified build
 * (`vite build --minify false`) names the functions. Not part of `npm run bench`.
 *
 *   node_modules/.bin/vite build --minify false --outDir /tmp/a/dist
 *   node_modules/.bin/tsx bench/sort-trace.ts /tmp/a/dist /tmp/b/dist
 *
 * SORT_TRACE_CPU_SLOWDOWN (default 2.4: a mid-tier phone on a machine whose benchmarkIndex
 * is ~2,400) throttles the page, SORT_TRACE_CLICKS (default 4) header clicks per page (the
 * first columns' sort buttons, as the bench's sort row clicks them), SORT_TRACE_ROUNDS
 * (default 2) builds alternated, SORT_TRACE_DB a database of 100,000 Orders (default the
 * A/B bench's, /tmp/grid-ab-orders.sqlite; seeded when missing), SORT_TRACE_SAVE=<dir>
 * keeps each trace; traces kept are read again with `tsx bench/sort-trace.ts <dir>/*.json`.
 */

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      type?: string;
      url?: string;
      requestId?: string;
      finishTime?: number;
      timing?: { requestTime: number; receiveHeadersEnd: number; sendStart: number };
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

const cpuSlowdown = Number(process.env.SORT_TRACE_CPU_SLOWDOWN ?? 2.4);
const clicks = Number(process.env.SORT_TRACE_CLICKS ?? 4);
const rounds = Number(process.env.SORT_TRACE_ROUNDS ?? 2);
const dbPath = process.env.SORT_TRACE_DB ?? '/tmp/grid-ab-orders.sqlite';
const saveDir = process.env.SORT_TRACE_SAVE;
const SYNC_MARK = 'sort-trace-sync';

const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MajorGC: 'gc',
  MinorGC: 'gc',
  TimerFire: 'timer',
  FireAnimationFrame: 'rAF',
  EventDispatch: 'event',
  ParseHTML: 'html',
};

/** Samples of the main thread's profile: each with its stack of function names, innermost first. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const raw: Array<{ ts: number; node: number }> = [];
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let clock = Number(start?.args?.data?.startTime ?? start?.ts ?? 0);
  for (const event of events) {
    if (event.pid !== pid || event.name !== 'ProfileChunk' || event.id !== start?.id) continue;
    for (const node of event.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args?.data?.timeDeltas ?? [];
    for (const [index, node] of (event.args?.data?.cpuProfile?.samples ?? []).entries()) {
      clock += deltas[index] ?? 0;
      raw.push({ ts: clock, node });
    }
  }
  const nameOf = (node: ProfileNode) => {
    const file =
      (node.callFrame.url ?? '')
        .split('/')
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
    return `${node.callFrame.functionName || '(anonymous)'} ${file}:${(node.callFrame.lineNumber ?? 0) + 1}`;
  };
  return raw.slice(0, -1).map((sample, index) => {
    const stack: string[] = [];
    for (let node = nodes.get(sample.node); node; node = nodes.get(node.parent ?? -1)) {
      stack.push(nameOf(node));
    }
    return { ts: sample.ts, micros: (raw[index + 1]?.ts ?? sample.ts) - sample.ts, stack };
  });
}

type Sample = ReturnType<typeof samplesOf>[number];

/** Self time of the largest functions, and the React components (capitalized) by inclusive time. */
function functionsIn(samples: Sample[], from: number, to: number) {
  const self = new Map<string, number>();
  const components = new Map<string, number>();
  for (const sample of samples) {
    if (sample.ts < from || sample.ts >= to) continue;
    const top = sample.stack[0] ?? '?';
    if (/^\((idle|program|root)\)/.test(top)) continue;
    self.set(top, (self.get(top) ?? 0) + sample.micros);
    for (const name of new Set(sample.stack.filter((frame) => /^[A-Z]\w*[a-z]\w* /.test(frame)))) {
      components.set(name, (components.get(name) ?? 0) + sample.micros);
    }
  }
  const list = (map: Map<string, number>, top: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)}`)
      .join('; ');
  return { self: list(self, 4), components: list(components, 8) };
}

/** The click's trace, task by task, from the click to the probe's paint (ms from the click). */
function report(label: string, events: TraceEvent[], clickAt: number, paintedAt: number) {
  const sync = events.find((event) => event.name === SYNC_MARK);
  const syncStart = (sync?.args as { data?: { startTime?: number } } | undefined)?.data?.startTime;
  const click = events.find(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click',
  );
  if (!click) throw new Error('no click in the trace');
  const { pid, tid } = click;
  // The probe's performance.now() on the trace's clock, through the mark set before the click.
  const offset = sync && syncStart !== undefined ? sync.ts - syncStart * 1000 : null;
  const clickTs = offset === null ? click.ts : offset + clickAt * 1000;
  const paintTs = offset === null ? Number.NaN : offset + paintedAt * 1000;
  const at = (ts: number) => ((ts - clickTs) / 1000).toFixed(0).padStart(4);
  const samples = samplesOf(events, pid, tid);
  const slices = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
  const tasks = slices
    .filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= clickTs - 1000 && e.ts <= paintTs)
    .sort((a, b) => a.ts - b.ts);
  const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
  console.log(
    `${label}: click → row painted ${((paintTs - clickTs) / 1000).toFixed(0)} ms (probe ${(paintedAt - clickAt).toFixed(0)} ms); main-thread CPU in it ${cpu.toFixed(0)} ms over ${tasks.length} tasks`,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const kinds = new Map<string, number>();
    for (const slice of slices) {
      const kind = KINDS[slice.name];
      if (!kind || slice.ts < task.ts || slice.ts >= end) continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + (slice.dur ?? 0) / 1000);
    }
    const cpuMs = (task.tdur ?? 0) / 1000;
    if (cpuMs < 2) continue;
    const inside = [...kinds]
      .filter(([, ms]) => ms >= 1)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
      .join(', ');
    const functions = functionsIn(samples, task.ts, end);
    console.log(
      `  ${at(task.ts)} ms +${((task.dur ?? 0) / 1000).toFixed(0).padStart(3)} ms, CPU ${cpuMs.toFixed(0).padStart(3)} ms [${inside}]\n      self: ${functions.self}\n      components: ${functions.components}`,
    );
  }
  // The records request of the new order: sent, its first byte, its last.
  const sends = events.filter(
    (e) => e.name === 'ResourceSendRequest' && /\/records\?/.test(e.args?.data?.url ?? ''),
  );
  for (const send of sends) {
    const id = send.args?.data?.requestId;
    const response = events.find(
      (e) => e.name === 'ResourceReceiveResponse' && e.args?.data?.requestId === id,
    );
    const finish = events.find(
      (e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === id,
    );
    const timing = response?.args?.data?.timing;
    const firstByte = timing ? timing.requestTime * 1e6 + timing.receiveHeadersEnd * 1000 : null;
    const finishTime = finish?.args?.data?.finishTime;
    console.log(
      `  request ${new URL(send.args?.data?.url ?? '', 'http://x').search.slice(0, 60)}: sent ${at(send.ts)} ms, first byte ${firstByte ? at(firstByte) : '?'} ms, received ${finishTime ? at(finishTime * 1e6) : '?'} ms`,
    );
  }
}

const inputs = process.argv.slice(2);
if (inputs.length === 0) throw new Error('usage: tsx bench/sort-trace.ts <dist> [<dist>…]');
// Traces kept by SORT_TRACE_SAVE, read again (the probe's times are in their file names).
if (inputs.every((file) => file.endsWith('.json'))) {
  for (const file of inputs) {
    const [, clickAt, paintedAt] = /-(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)\.json$/.exec(file) ?? [];
    const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    report(file, traceEvents, Number(clickAt), Number(paintedAt));
  }
  process.exit(0);
}
const servers = [];
for (const dist of inputs) {
  servers.push(
    await startReferenceServer({
      dbPath,
      dashboardDir: path.resolve(dist),
      records: servers.length === 0 ? 100_000 : undefined,
      rateLimitPerMinute: 1_000_000_000,
    }),
  );
}
const key = createKey({ dbPath, workspace: 'acme', name: 'sort-trace', scopes: ALL_READ_SCOPES });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
try {
  const base = servers[0]?.url ?? '';
  const response = await fetch(`${base}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const { tables } = (await response.json()) as { tables: { id: string; name: string }[] };
  const ordersId = tables.find((table) => table.name === 'Orders')?.id ?? '';
  for (let round = 0; round < rounds; round++) {
    for (const [index, server] of servers.entries()) {
      const page = await newBenchPage(browser, cpuSlowdown);
      await connect(page, server.url, key, ordersId);
      await waitForPaintAfterClick(page);
      const headerButtons = page
        .getByRole('columnheader')
        .locator('button:not([aria-label^="Summary of"])');
      for (let click = 0; click < clicks; click++) {
        // The first screen's deferred work (names, what changed) is done before each click.
        await page.waitForTimeout(1_500);
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-v8.cpu_profiler',
            'blink.user_timing',
            '__metadata',
          ],
        });
        await page.evaluate((name) => performance.mark(name), SYNC_MARK);
        await headerButtons.nth(click).click();
        await waitForPaintAfterClick(page, 30_000);
        await page.waitForTimeout(200);
        const buffer = await browser.stopTracing();
        const probe = await readProbe(page);
        const label = `round ${round + 1}, ${inputs[index]}, click ${click + 1}, CPU ${cpuSlowdown}×`;
        if (saveDir) {
          writeFileSync(
            path.join(
              saveDir,
              `r${round + 1}-b${index + 1}-c${click + 1}-${probe.clickAt}-${probe.rowPaintedAt}.json`,
            ),
            buffer,
          );
        }
        const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
        report(label, traceEvents, probe.clickAt, probe.rowPaintedAt);
      }
      await page.context().close();
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
