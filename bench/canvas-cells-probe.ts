import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { calibrate } from './lib/calibration';
import {
  connect,
  describeLongFrames,
  frameTimesDuring,
  longFramesSince,
  longTasksSince,
  newBenchPage,
  p95FrameTime,
  probeMarks,
  waitForPaintAfterClick,
} from './lib/dashboard-page';
import { DEVICE_CLASSES } from './lib/device-classes';

/**
 * Evidence for the canvas-cells design (decision 056), not part of `npm run bench`: the
 * same wheel as the grid's row (400 px every 50 ms for 10 s, mid-tier phone's CPU as
 * calibrated just before) over a prototype that draws the rows of Orders on a canvas, one
 * `fillText` per cell, clipped per column, with the ARIA grid of the rows in view as the
 * canvas's fallback content (in the accessibility tree, never laid out or painted), its
 * cells' text rewritten as rows change. The real server's records and the customers' names,
 * formatted with `Intl` at draw time. Alternated with the dashboard's own grid (its
 * `measureWheel`) in the same minutes; prints, writes nothing.
 *
 *   node_modules/.bin/tsx bench/canvas-cells-probe.ts <dashboard dist>
 *
 * PROBE_ROUNDS (default 2); PROBE_DB a database of 100,000 Orders (default
 * /tmp/grid-ab-orders.sqlite, seeded there when missing); PROBE_CLASS mid-tier|low-tier.
 */

const dist = process.argv[2];
if (!dist) throw new Error('usage: tsx bench/canvas-cells-probe.ts <dashboard dist>');
const rounds = Number(process.env.PROBE_ROUNDS ?? 2);
const dbPath = process.env.PROBE_DB ?? '/tmp/grid-ab-orders.sqlite';
const deviceClass =
  DEVICE_CLASSES[process.env.PROBE_CLASS === 'low-tier' ? 'low-tier' : 'mid-tier'];
const RECORDS = 6_000;
const PROTOTYPE = path.join(import.meta.dirname, 'lib/canvas-prototype.js');

type Fields = Record<string, unknown>;
interface ApiColumn {
  name: string;
  type: string;
  is_primary: boolean;
}

async function readAll(base: string, key: string, tableId: string, limit: number) {
  const headers = { authorization: `Bearer ${key}` };
  const records: { id: string; fields: Fields }[] = [];
  let cursor: string | null = null;
  do {
    const url = `${base}/api/public/v1/tables/${tableId}/records?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await (await fetch(url, { headers })).json()) as {
      records: { id: string; fields: Fields }[];
      next_cursor: string | null;
    };
    records.push(...page.records);
    cursor = page.next_cursor;
  } while (cursor && records.length < limit);
  return records.slice(0, limit);
}

/**
 * The main thread's time over `during`, in ms, from CDP's Performance metrics: its thread
 * time (`ThreadTime`) and the durations of script, style and layout. Under CPU throttling
 * these include the throttle's share, the same for both sides, so compare them side by side,
 * not with unthrottled figures.
 */
async function mainThreadDuring(page: Page, during: () => Promise<void>) {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  const read = async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  };
  const before = await read();
  await during();
  const after = await read();
  const ms = (name: string) => Math.round(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
  return {
    cpu: ms('ThreadTime'),
    script: ms('ScriptDuration'),
    style: ms('RecalcStyleDuration'),
    layout: ms('LayoutDuration'),
  };
}

/** The wheel of the grid's row on whatever `page` shows, with what it cost the main thread. */
async function wheel(page: Page, x: number, y: number) {
  await page.mouse.move(x, y);
  const before = await probeMarks(page);
  let frames: number[] = [];
  const cpu = await mainThreadDuring(page, async () => {
    ({ frames } = await frameTimesDuring(page, async () => {
      const started = Date.now();
      while (Date.now() - started < 10_000) {
        const stepStarted = Date.now();
        await page.mouse.wheel(0, 400);
        const rest = 50 - (Date.now() - stepStarted);
        if (rest > 0) await page.waitForTimeout(rest);
      }
    }));
  });
  const longTasks = await longTasksSince(page, before.longTasks);
  const longFrames = await longFramesSince(page, before.longFrames);
  const rowsInDom = await page.evaluate(() => {
    let highest = 0;
    for (const row of document.querySelectorAll('[role="row"][aria-rowindex]'))
      highest = Math.max(highest, Number(row.getAttribute('aria-rowindex')));
    return highest - 1;
  });
  return (
    `p95 ${p95FrameTime(frames).toFixed(1)} ms, ${longTasks.length} long tasks, ` +
    `${frames.length} frames, worst ${Math.max(...frames).toFixed(0)} ms, row ${rowsInDom}; ` +
    `main thread ${cpu.cpu} ms (script ${cpu.script}, style ${cpu.style}, layout ${cpu.layout}), ` +
    `${(cpu.cpu / Math.max(rowsInDom, 1)).toFixed(2)} ms a row reached; ${describeLongFrames(longFrames)}`
  );
}

const seeded = existsSync(dbPath);
const server = await startReferenceServer({
  dbPath,
  dashboardDir: dist,
  records: seeded ? undefined : 100_000,
  rateLimitPerMinute: 1_000_000_000,
});
const key = createKey({ dbPath, workspace: 'acme', name: 'canvas', scopes: ALL_READ_SCOPES });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
const log = (line: string) => console.log(`  ${line}`);
try {
  const headers = { authorization: `Bearer ${key}` };
  const api = `${server.url}/api/public/v1`;
  const { tables } = (await (await fetch(`${api}/tables?limit=100`, { headers })).json()) as {
    tables: { id: string; name: string }[];
  };
  const tableId = (name: string) => tables.find((table) => table.name === name)?.id ?? '';
  const detail = (await (
    await fetch(`${api}/tables/${tableId('Orders')}`, { headers })
  ).json()) as {
    columns: ApiColumn[];
  };
  const orders = await readAll(server.url, key, tableId('Orders'), RECORDS);
  const customers = await readAll(server.url, key, tableId('Customers'), 100_000);
  const customerDetail = (await (
    await fetch(`${api}/tables/${tableId('Customers')}`, { headers })
  ).json()) as { columns: ApiColumn[] };
  const primary = customerDetail.columns.find((column) => column.is_primary)?.name ?? 'name';
  const names = Object.fromEntries(customers.map((c) => [c.id, String(c.fields[primary])]));
  const data = {
    columns: detail.columns.map((column) => ({ name: column.name, type: column.type, width: 150 })),
    rows: orders.map((record) => record.fields),
    names,
  };
  for (let round = 1; round <= rounds; round++) {
    const canvasCalibration = await calibrate(browser, deviceClass, log);
    const canvasPage = await newBenchPage(browser, canvasCalibration.cpuSlowdown);
    await canvasPage.route('http://canvas-probe.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>probe</title>' }),
    );
    await canvasPage.goto('http://canvas-probe.test/');
    await canvasPage.addScriptTag({ path: PROTOTYPE });
    await canvasPage.evaluate(
      (d) => (window as unknown as { __canvasPrototype(x: unknown): void }).__canvasPrototype(d),
      data,
    );
    const canvas = await wheel(canvasPage, 640, 300);
    await canvasPage.context().close();
    console.log(
      `round ${round}, canvas prototype (CPU ${canvasCalibration.cpuSlowdown}×): ${canvas}`,
    );

    const gridCalibration = await calibrate(browser, deviceClass, log);
    const gridPage = await newBenchPage(browser, gridCalibration.cpuSlowdown);
    await connect(gridPage, server.url, key, tableId('Orders'));
    await waitForPaintAfterClick(gridPage);
    const box = await gridPage.getByRole('grid').boundingBox();
    if (!box) throw new Error('the grid has no box');
    const grid = await wheel(
      gridPage,
      box.x + box.width / 2,
      box.y + Math.min(box.height / 2, 300),
    );
    await gridPage.context().close();
    console.log(`round ${round}, dashboard grid (CPU ${gridCalibration.cpuSlowdown}×): ${grid}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
