import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const autocannonBinary = path.resolve(import.meta.dirname, '../../node_modules/.bin/autocannon');

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests completed in the run. */
  total: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * One autocannon run in its own process (the load must not share the server's event loop
 * or ours), at `connections` concurrent connections for `seconds`.
 */
export async function runLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  /** Per-request timeout; autocannon's default is 10 s. */
  timeoutSeconds?: number;
}): Promise<LoadResult> {
  const args = ['-j', '-c', String(options.connections ?? 10), '-d', String(options.seconds ?? 5)];
  if (options.timeoutSeconds) args.push('-t', String(options.timeoutSeconds));
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push('-H', `${name}=${value}`);
  }
  args.push(options.url);
  const { stdout } = await execFileAsync(autocannonBinary, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: report.requests.average,
    total: report.requests.total,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    non2xx: report.non2xx,
    errors: report.errors,
  };
}
