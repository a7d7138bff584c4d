import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningProcess, startProcess, tsxBinary } from '../../scripts/lib/processes';
import { runLoad } from './load';
import { type Measure, summarize } from './results';

/**
 * Loading a server with requests and reading what it took: requests/s and latencies over
 * RUNS runs, the server's CPU time per request, and the bare node:http peer loaded in turns.
 */

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface LoadSummary {
  rps: ReturnType<typeof summarize>;
  p50: ReturnType<typeof summarize>;
  p99: ReturnType<typeof summarize>;
  runs: number;
  failures: number;
  /** Median server CPU time per request (its process tree), when the server was given. */
  cpuMicrosPerRequest: number | null;
}

export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  {
    seconds = SECONDS,
    warmUp = true,
    connections = 10,
    timeoutSeconds,
    server,
  }: {
    seconds?: number;
    warmUp?: boolean;
    connections?: number;
    timeoutSeconds?: number;
    server?: RunningProcess;
  } = {},
) {
  // A short warm-up so the first run does not pay for JIT and a cold page cache.
  if (warmUp) await runLoad({ url, headers, seconds: 1, connections });
  const results = [];
  const cpuPerRequest: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = processTreeCpuMs(server?.child.pid);
    const result = await runLoad({ url, headers, seconds, connections, timeoutSeconds });
    const cpu = processTreeCpuMs(server?.child.pid) - cpuBefore;
    if (!Number.isNaN(cpu)) cpuPerRequest.push((cpu * 1000) / Math.max(1, result.total));
    results.push(result);
  }
  const summary: LoadSummary = {
    rps: summarize(results.map((result) => result.requestsPerSecond)),
    p50: summarize(results.map((result) => result.p50Ms)),
    p99: summarize(results.map((result) => result.p99Ms)),
    runs: results.length,
    failures: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
    cpuMicrosPerRequest: cpuPerRequest.length > 0 ? summarize(cpuPerRequest).median : null,
  };
  return summary;
}

export function loadMeasures(group: string, label: string, summary: LoadSummary): Measure[] {
  const note = summary.failures > 0 ? `${summary.failures} failed requests` : undefined;
  return [
    {
      group,
      name: `${label}: p99 latency`,
      unit: 'ms',
      ...summary.p99,
      runs: summary.runs,
      target: { kind: 'max', value: 20, label: '≤ 20 ms' },
      peer: null,
      ratio: null,
      note,
    },
    {
      group,
      name: `${label}: p50 latency`,
      unit: 'ms',
      ...summary.p50,
      runs: summary.runs,
      target: null,
      peer: null,
      ratio: null,
    },
    {
      group,
      name: `${label}: requests/s at 10 connections`,
      unit: 'req/s',
      ...summary.rps,
      runs: summary.runs,
      target: { kind: 'min', value: 3000, label: '≥ 3,000 req/s' },
      peer: null,
      ratio: null,
      note:
        summary.cpuMicrosPerRequest === null
          ? undefined
          : `server CPU ${Math.round(summary.cpuMicrosPerRequest)} µs a request; uncompressed: autocannon sends no Accept-Encoding`,
    },
  ];
}

/** NaN rather than Infinity when the peer finished nothing: no ratio can be claimed. */
export function ratioOf(ours: number, theirs: number): number {
  return theirs > 0 ? ours / theirs : Number.NaN;
}

/** CPU milliseconds used so far by a process and its descendants (tsx runs node as a child). */
function processTreeCpuMs(rootPid: number | undefined): number {
  if (rootPid === undefined || !existsSync('/proc')) return Number.NaN;
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state, ppid, … utime (12th), stime (13th).
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) pending.push(child);
  }
  // Linux reports in clock ticks of 10 ms (USER_HZ = 100).
  return ticks * 10;
}

/**
 * The limit: a bare node:http server answering with the same pre-serialized page body as
 * our sorted + filtered page. The two run side by side and are loaded in turns (ours, then
 * bare, RUNS times), so both see the same load from whatever else runs on the machine;
 * the ratio is the median of the pairs. Each side's CPU time per request (its process tree)
 * goes in the note: it moves much less than requests/s on a busy machine.
 */
export async function compareWithBareServer(
  workDir: string,
  log: (line: string) => void,
  ours: RunningProcess,
  url: string,
  headers: Record<string, string>,
): Promise<Measure> {
  log('bare node:http with the same body, in turns with ours');
  const bodyPath = path.join(workDir, 'page.json');
  writeFileSync(bodyPath, await (await fetch(url, { headers })).text());
  const bare = await startProcess(tsxBinary, ['bench/bare-server.ts', bodyPath], /Listening on/);
  try {
    const sides = [
      { url, headers, process: ours },
      { url: bare.url, headers: {}, process: bare },
    ];
    for (const side of sides) {
      await runLoad({ url: side.url, headers: side.headers, seconds: 1, connections: 10 });
    }
    const ratios: number[] = [];
    const rps: [number[], number[]] = [[], []];
    const cpuPerRequest: [number[], number[]] = [[], []];
    for (let run = 0; run < RUNS; run++) {
      const results = [];
      for (const [index, side] of sides.entries()) {
        const cpuBefore = processTreeCpuMs(side.process.child.pid);
        const result = await runLoad({ url: side.url, headers: side.headers, seconds: SECONDS });
        const cpu = processTreeCpuMs(side.process.child.pid) - cpuBefore;
        rps[index as 0 | 1].push(result.requestsPerSecond);
        cpuPerRequest[index as 0 | 1].push((cpu * 1000) / Math.max(1, result.total));
        results.push(result.requestsPerSecond);
      }
      ratios.push(ratioOf(results[0] ?? 0, results[1] ?? 0));
    }
    const summary = summarize(ratios);
    const bareRps = summarize(rps[1]).median;
    const cpu = cpuPerRequest.map((values) => Math.round(summarize(values).median));
    return {
      group: 'server vs limit',
      name: 'sorted + filtered page: our requests/s ÷ bare node:http',
      unit: '×',
      ...summary,
      runs: ratios.length,
      target: { kind: 'min', value: 0.5, label: '≥ 0.5×' },
      peer: { name: 'bare node:http req/s', median: bareRps },
      ratio: summary.median,
      note: `in turns; ours ${Math.round(summarize(rps[0]).median)} req/s; server CPU per request: ours ${cpu[0]} µs, bare ${cpu[1]} µs; uncompressed: no Accept-Encoding`,
    };
  } finally {
    await bare.stop();
  }
}
