import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/processes';
import { measureInitialJavaScript } from './bundle-size';
import { runCardsBenchmarks } from './cards-bench';
import { runDashboardBenchmarks } from './dashboard-bench';
import { runExportBenchmarks } from './export-bench';
import { runFindBenchmarks } from './find-bench';
import { runFindWalkBenchmarks } from './find-walk-bench';
import { runGotoBenchmarks } from './goto-bench';
import { runLayoutsBenchmarks } from './layouts-bench';
import {
  type Measure,
  mergeMeasures,
  readPreviousResults,
  targetMet,
  writeResults,
} from './lib/results';
import { runLighthouseBenchmarks } from './lighthouse';
import { runMemoryBenchmark } from './memory-bench';
import { runServerBenchmarks } from './server-bench';
import { runStartBenchmarks } from './start-bench';

// `npm run bench`: everything in one run, written to bench/results/latest.{json,md}.
// Benchmarks report; they never fail on a number. BENCH_ONLY=server|dashboard runs one half,
// BENCH_ONLY=lighthouse only the build, Lighthouse and bytes-over-the-wire (a minute or two),
// BENCH_ONLY=start only `npm start`'s time to its URL (start-bench.ts),
// BENCH_ONLY=export only Export and Count of the 1,000,000-record table (export-bench.ts;
// BENCH_BIG_DB=<file> reuses a seeded 1M database, to which it adds its 30,000-customer orders),
// BENCH_ONLY=server-pages only the records pages under load and the bare node:http peer
// (no seeding time, no json-server; BENCH_BIG_DB=<file> reuses a seeded 1M database),
// BENCH_ONLY=grid only the grid's scrolling and Jump to end rows (dashboard-bench.ts;
// BENCH_BIG_DB=<file> reuses a seeded 1M database there too),
// BENCH_ONLY=mid-tier and BENCH_ONLY=low-tier only the rows measured on that device class's
// CPU (lib/device-classes.ts: the machine's Lighthouse benchmarkIndex is measured before each
// group and the CPU slowed to the device's; connect → first row, header click → first row,
// scroll to record 100,000, the wheel at a person's pace, the cards' fling;
// BENCH_BIG_DB=<file> reuses a seeded 1M database),
// BENCH_ONLY=memory only the server's memory under 20,000 distinct many-filter queries
// (memory-bench.ts; BENCH_MEMORY_QUERIES and BENCH_MEMORY_RECORDS shrink it),
// BENCH_ONLY=goto only Go to's keystroke over 5 × 5,000 items (goto-bench.ts; no build).
// BENCH_ONLY=cards only the records as cards on a phone, on both device classes' CPUs
// (cards-bench.ts).
// BENCH_ONLY=find only Find's matcher over 5,000 loaded rows and 100,000 orders
// (find-bench.ts; no build). BENCH_ONLY=layouts only the board and calendar of Orders on
// the mid-tier class (layouts-bench.ts). BENCH_ONLY=find-walk only Find over all of 100,000
// Orders in the browser on the mid-tier class: time, main-thread long tasks, heaps
// (find-walk-bench.ts), and a keystroke → the loaded rows' matches repainted
// (find-keystroke-bench.ts).
const only = process.env.BENCH_ONLY;
const PARTS = [
  'server',
  'server-pages',
  'memory',
  'dashboard',
  'grid',
  'mid-tier',
  'low-tier',
  'lighthouse',
  'start',
  'export',
  'goto',
  'cards',
  'find',
  'layouts',
  'find-walk',
];
if (only !== undefined && !PARTS.includes(only)) {
  throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}, not "${only}"`);
}
const serverOnly = only === 'server' || only === 'server-pages' || only === 'memory';
const started = performance.now();
const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

const measures: Measure[] = [];
const distDir = path.join(repoRoot, 'dist');

if (!serverOnly && only !== 'start' && only !== 'goto' && only !== 'find') {
  log('building the dashboard');
  execFileSync(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  measures.push(measureInitialJavaScript(distDir));
}
const workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-bench-'));
try {
  if (only === undefined || only === 'server' || only === 'server-pages') {
    measures.push(
      ...(await runServerBenchmarks(workDir, log, {
        pagesOnly: only === 'server-pages',
        bigDb: serverOnly ? process.env.BENCH_BIG_DB : undefined,
      })),
    );
  }
  if (only === undefined || only === 'server' || only === 'memory') {
    measures.push(...(await runMemoryBenchmark(workDir, log)));
  }
  const deviceClassOnly = only === 'mid-tier' || only === 'low-tier' ? only : undefined;
  if (only === undefined || only === 'dashboard' || only === 'grid' || deviceClassOnly) {
    measures.push(
      ...(await runDashboardBenchmarks(workDir, distDir, log, {
        gridOnly: only === 'grid',
        deviceClasses: deviceClassOnly ? [deviceClassOnly] : ['mid-tier', 'low-tier'],
        deviceClassesOnly: deviceClassOnly !== undefined,
        bigDb: only === 'grid' || deviceClassOnly ? process.env.BENCH_BIG_DB : undefined,
      })),
    );
  }
  if (only === undefined || only === 'cards') {
    measures.push(...(await runCardsBenchmarks(workDir, distDir, log)));
  }
  if (
    !serverOnly &&
    only !== 'start' &&
    only !== 'export' &&
    only !== 'grid' &&
    only !== 'goto' &&
    only !== 'cards' &&
    only !== 'find' &&
    only !== 'layouts' &&
    only !== 'find-walk' &&
    deviceClassOnly === undefined
  ) {
    measures.push(...(await runLighthouseBenchmarks(workDir, distDir, log)));
  }
  if (only === undefined || only === 'start')
    measures.push(...(await runStartBenchmarks(workDir, log)));
  if (only === undefined || only === 'export') {
    measures.push(
      ...(await runExportBenchmarks(
        workDir,
        log,
        distDir,
        only === 'export' ? process.env.BENCH_BIG_DB : undefined,
      )),
    );
  }
  if (only === undefined || only === 'goto') measures.push(...runGotoBenchmarks(log));
  if (only === undefined || only === 'find') measures.push(...runFindBenchmarks(log));
  if (only === undefined || only === 'layouts') {
    measures.push(...(await runLayoutsBenchmarks(workDir, distDir, log)));
  }
  if (only === undefined || only === 'find-walk') {
    measures.push(...(await runFindWalkBenchmarks(workDir, distDir, log)));
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const resultsDir = path.join(repoRoot, 'bench/results');
const environment: Record<string, string> = {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  node: process.version,
  'total bench time': `${((performance.now() - started) / 1000).toFixed(0)} s`,
};
// A partial run updates its own rows of the last results and keeps the others, so one part
// can be re-measured without a full run; the environment line says which rows are older.
const previous = only === undefined ? null : readPreviousResults(resultsDir);
const written = previous === null ? measures : mergeMeasures(previous.measures, measures);
if (previous !== null) {
  environment['partial run'] =
    `BENCH_ONLY=${only} at ${new Date().toISOString()}; other rows from ${previous.generatedAt}`;
}
writeResults(resultsDir, written, environment);
for (const measure of measures) {
  const met = targetMet(measure);
  log(
    `${measure.name}: ${measure.median.toFixed(2)} ${measure.unit}${met === null ? '' : met ? ' (target met)' : ' (target missed)'}`,
  );
}
log('wrote bench/results/latest.json and bench/results/latest.md');
