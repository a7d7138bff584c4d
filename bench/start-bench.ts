import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/processes';
import { type Measure, summarize } from './lib/results';

/**
 * `npm start` as a person runs it, timed from the command to the URL it prints: once on a
 * new database (seeding the default 100,000 orders, and building the dashboard when its
 * sources changed since the last `npm start`), then again on that database.
 */
const WARM_RUNS = Number(process.env.BENCH_START_RUNS ?? 5);

function timeToUrl(env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  // Its own process group, so npm, its shell and the server stop together.
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Open http:\/\/\S+$/m.test(output)) return;
      const elapsed = performance.now() - started;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.once('exit', () => resolve(elapsed));
      stop();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      if (!/^Open http/m.test(output)) {
        reject(new Error(`npm start exited with ${code} before printing its URL:\n${output}`));
      }
    });
  });
}

export async function runStartBenchmarks(
  workDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    DB_PATH: path.join(workDir, 'start.sqlite'),
  };
  delete env.RECORDS; // the default size, as a person gets it
  log('npm start on a new database (seeds 100,000 orders; builds the dashboard if it changed)');
  const first = await timeToUrl(env);
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    log(`npm start on the existing database, run ${run + 1} of ${WARM_RUNS}`);
    warm.push(await timeToUrl(env));
  }
  return [
    {
      group: 'start',
      name: 'first npm start → URL printed (seeds the demo database)',
      unit: 's',
      median: first / 1000,
      min: first / 1000,
      max: first / 1000,
      runs: 1,
      target: null,
      peer: null,
      ratio: null,
    },
    {
      group: 'start',
      name: 'npm start on the existing demo database → URL printed',
      unit: 'ms',
      ...summarize(warm),
      runs: warm.length,
      target: { kind: 'max', value: 2000, label: '≤ 2,000 ms' },
      peer: null,
      ratio: null,
    },
  ];
}
