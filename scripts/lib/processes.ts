import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starting real processes for e2e tests, benchmarks and `npm run dev`: the reference
 * server, the keys CLI, peers. Shared so they all wait for readiness and stop the same way.
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..');
// The tsx binary itself, not npx, so the PID we hold is the process that listens.
export const tsxBinary = path.join(repoRoot, 'node_modules/.bin/tsx');

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a server process and resolves with the first http://127.0.0.1:<port> URL it
 * prints at or after the text matching `readyPattern`.
 */
export function startProcess(
  command: string,
  args: string[],
  readyPattern: RegExp,
  timeoutMs = 600_000,
): Promise<RunningProcess> {
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(command)} did not start in time:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = readyPattern.exec(output);
      if (!match) return;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output.slice(match.index))?.[0];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Keep draining so a chatty process never blocks on a full pipe.
      child.stdout?.resume();
      resolve({ url, child, stop: () => stopChild(child) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)} exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface ReferenceServerOptions {
  dbPath: string;
  /** A fixed port (a restart on the same origin keeps the page's storage); default: a free one. */
  port?: number;
  dashboardDir?: string;
  demo?: boolean;
  rateLimitPerMinute?: number;
  records?: number;
  extraArgs?: string[];
}

/** `server/main.ts` on a free port; resolves once it prints its URL. */
export function startReferenceServer(options: ReferenceServerOptions): Promise<RunningProcess> {
  const args = [
    'server/main.ts',
    '--port',
    String(options.port ?? 0),
    '--db',
    options.dbPath,
    '--quiet',
  ];
  if (options.dashboardDir) args.push('--dashboard', options.dashboardDir);
  if (options.demo) args.push('--demo');
  if (options.rateLimitPerMinute) args.push('--rate-limit', String(options.rateLimitPerMinute));
  if (options.records) args.push('--records', String(options.records));
  args.push(...(options.extraArgs ?? []));
  return startProcess(tsxBinary, args, /(?:Listening on|Open) http/);
}

/** Creates a key with the real CLI; returns the key it printed on its last line. */
export function createKey(options: {
  dbPath: string;
  workspace: string;
  name: string;
  scopes: string[];
}): string {
  const stdout = execFileSync(
    tsxBinary,
    [
      'server/keys.ts',
      'create',
      '--db',
      options.dbPath,
      '--workspace',
      options.workspace,
      '--name',
      options.name,
      '--scopes',
      options.scopes.join(','),
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  if (!/^svc_live_[0-9a-f]{48}$/.test(lastLine)) {
    throw new Error('keys create did not print a key on its last line');
  }
  return lastLine;
}

export const ALL_READ_SCOPES = [
  'tables:read',
  'skills:read',
  'tasks:read',
  'pages:read',
  'projects:read',
];
