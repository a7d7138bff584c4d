import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from '../scripts/lib/chromium';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { measureFling } from './cards-bench';
import { measureConnect, measureSort } from './dashboard-bench';
import { measureScrollToRecord, measureWheel } from './grid-scroll-bench';
import { calibrate } from './lib/calibration';
import type { DashboardGroup } from './lib/dashboard-page';
import { DEVICE_CLASSES, type DeviceClassId } from './lib/device-classes';

/**
 * The grid's calibrated rows for two (or more) builds, alternated on one machine: the wheel
 * at a person's pace and the scroll to record 100,000 of `npm run bench`, each on the
 * mid-tier phone's CPU as calibrated just before it (grid-scroll-bench.ts). A shared,
 * loaded machine moves every wall-clock row; builds measured in turns, A B A B, in the
 * same minutes, are what can be compared. Not part of `npm run bench`; prints, writes
 * nothing.
 *
 *   node_modules/.bin/vite build --outDir /tmp/a/dist   (then change the code)
 *   node_modules/.bin/vite build --outDir /tmp/b/dist
 *   node_modules/.bin/tsx bench/grid-ab.ts /tmp/a/dist /tmp/b/dist
 *
 * AB_ROUNDS (default 2) rounds; AB_GROUPS=wheel,scroll (the default), either alone, or
 * connect and sort (connect → first row, header click → first row: five runs each), or
 * cards (the phone's cards flung for 10 s, cards-bench.ts); AB_DEVICE=low-tier calibrates
 * to the low-tier phone instead of the mid-tier one;
 * AB_DB a database of 100,000 Orders to reuse (seeded there when missing; default
 * /tmp/grid-ab-orders.sqlite). BENCH_SCROLL_RECORDS moves the scroll's target.
 */

const GROUPS: Record<string, DashboardGroup | undefined> = {
  wheel: measureWheel,
  scroll: measureScrollToRecord,
  connect: measureConnect,
  sort: measureSort,
  cards: (browser, url, key, tableId, log, calibration) => {
    if (!calibration) throw new Error('the cards are flung on a calibrated CPU');
    return measureFling(browser, url, key, tableId, log, calibration);
  },
};
const device = DEVICE_CLASSES[(process.env.AB_DEVICE ?? 'mid-tier') as DeviceClassId];
if (!device) throw new Error('AB_DEVICE: mid-tier or low-tier');
const dists = process.argv.slice(2);
if (dists.length === 0) throw new Error('usage: tsx bench/grid-ab.ts <dist> <dist> […]');
const rounds = Number(process.env.AB_ROUNDS ?? 2);
const groups = (process.env.AB_GROUPS ?? 'wheel,scroll').split(',');
const dbPath = process.env.AB_DB ?? '/tmp/grid-ab-orders.sqlite';
const seeded = existsSync(dbPath);
const servers = [];
for (const dist of dists) {
  servers.push(
    await startReferenceServer({
      dbPath,
      dashboardDir: path.resolve(dist),
      records: seeded ? undefined : 100_000,
      rateLimitPerMinute: 1_000_000_000,
    }),
  );
}
const key = createKey({ dbPath, workspace: 'acme', name: 'grid-ab', scopes: ALL_READ_SCOPES });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
const log = (line: string) => console.log(`  ${line}`);
try {
  const response = await fetch(`${servers[0]?.url}/api/public/v1/tables?limit=100`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const { tables } = (await response.json()) as { tables: { id: string; name: string }[] };
  const ordersId = tables.find((table) => table.name === 'Orders')?.id ?? '';
  for (let round = 0; round < rounds; round++) {
    for (const [index, server] of servers.entries()) {
      for (const group of groups) {
        const calibration = await calibrate(browser, device, log);
        const run = GROUPS[group];
        if (!run) throw new Error(`AB_GROUPS: no group "${group}"`);
        const rows = await run(browser, server.url, key, ordersId, log, calibration);
        for (const row of rows) {
          const value = Number.isInteger(row.median) ? row.median : row.median.toFixed(1);
          console.log(
            `round ${round + 1}, ${dists[index]}, ${group}: ${value} ${row.unit} (benchmarkIndex ${calibration.runs.map(Math.round).join('/')}, CPU ${calibration.cpuSlowdown}×) ${row.note ?? ''}`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
