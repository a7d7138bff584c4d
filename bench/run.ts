import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/processes';
import { measureInitialJavaScript } from './bundle-size';
import { runDashboardBenchmarks } from './dashboard-bench';
import { type Measure, targetMet, writeResults } from './lib/results';
import { runServerBenchmarks } from './server-bench';

// `npm run bench`: everything in one run, written to bench/results/latest.{json,md}.
// Benchmarks report; they never fail on a number. BENCH_ONLY=server|dashboard runs one half.
const only = process.env.BENCH_ONLY;
const started = performance.now();
const log = (line: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}`);

const measures: Measure[] = [];
const distDir = path.join(repoRoot, 'dist');

if (only !== 'server') {
  log('building the dashboard');
  execFileSync(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  measures.push(measureInitialJavaScript(distDir));
}
const workDir = mkdtempSync(path.join(os.tmpdir(), 'workspace-browser-bench-'));
try {
  if (only !== 'dashboard') measures.push(...(await runServerBenchmarks(workDir, log)));
  if (only !== 'server') measures.push(...(await runDashboardBenchmarks(workDir, distDir, log)));
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const environment = {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  node: process.version,
  'total bench time': `${((performance.now() - started) / 1000).toFixed(0)} s`,
};
writeResults(path.join(repoRoot, 'bench/results'), measures, environment);
for (const measure of measures) {
  const met = targetMet(measure);
  log(
    `${measure.name}: ${measure.median.toFixed(2)} ${measure.unit}${met === null ? '' : met ? ' (target met)' : ' (target missed)'}`,
  );
}
log('wrote bench/results/latest.json and bench/results/latest.md');
