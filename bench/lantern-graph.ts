import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The module instance Lighthouse itself uses: its simulations keep their node timings here.
import { Simulator } from '../node_modules/@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js';
import { runLighthouseBenchmarks } from './lighthouse';

/**
 * What Lighthouse's simulated largest contentful paint waits for (decision 041). Lighthouse
 * does not replay the page on a slow phone: it simulates the trace of a fast load over a
 * 1.6 Mbps, 150 ms link with the CPU slowed 4×, and the paint's time is the end of the
 * simulated graph of requests and tasks before it. This runs the Lighthouse bench (its
 * pages, languages and runs narrowed by the same variables) and prints, for the last run,
 * each request of that graph and each task over 20 ms, with their simulated times: what
 * ends last is what to take off the graph or make smaller. Not part of `npm run bench`.
 *
 *   npm run build
 *   BENCH_LIGHTHOUSE_RUNS=1 BENCH_LIGHTHOUSE_PAGES=grid BENCH_LIGHTHOUSE_LOCALES=en \
 *     node_modules/.bin/tsx bench/lantern-graph.ts [dist]
 */

interface SimulatedNode {
  type: 'network' | 'cpu';
  request?: { url: string; transferSize: number };
  event?: { dur: number };
}
interface NodeTiming {
  startTime: number;
  endTime: number;
}

const distDir = process.argv[2] ?? 'dist';
/** BENCH_LANTERN_METRIC=FirstContentfulPaint prints that metric's graph instead. */
const METRIC = process.env.BENCH_LANTERN_METRIC ?? 'LargestContentfulPaint';
const workDir = mkdtempSync(path.join(os.tmpdir(), 'lantern-graph-'));
try {
  await runLighthouseBenchmarks(workDir, distDir, () => {});
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
const simulations = (
  Simulator as unknown as { allNodeTimings: Map<string, Map<SimulatedNode, NodeTiming>> }
).allNodeTimings;
for (const [label, timings] of simulations) {
  if (!label.includes(METRIC)) continue;
  const nodes = [...timings].sort((a, b) => a[1].startTime - b[1].startTime);
  const end = Math.max(...nodes.map(([, timing]) => timing.endTime));
  console.log(`${label}: ends at ${end.toFixed(0)} ms`);
  for (const [node, { startTime, endTime }] of nodes) {
    const span = `${startTime.toFixed(0).padStart(5)}–${endTime.toFixed(0).padStart(5)} ms`;
    if (node.type === 'network' && node.request) {
      const url = node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
      console.log(`  ${span}  ${url} (${(node.request.transferSize / 1024).toFixed(1)} KB)`);
    } else if (endTime - startTime > 20) {
      console.log(`  ${span}  task (${((node.event?.dur ?? 0) / 1000).toFixed(1)} ms observed)`);
    }
  }
}
