import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// The tsx binary itself, not npx, so the PID we hold is the process that listens.
const tsxBinary = path.join(repoRoot, 'node_modules/.bin/tsx');

export interface ReferenceServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface ReferenceServerOptions {
  dbPath: string;
  dashboardDir?: string;
  demo?: boolean;
  rateLimitPerMinute?: number;
  extraArgs?: string[];
}

/** Starts `server/main.ts` on a free port and resolves once it prints its URL. */
export function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const args = ['server/main.ts', '--port', '0', '--db', options.dbPath, '--quiet'];
  if (options.dashboardDir) args.push('--dashboard', options.dashboardDir);
  if (options.demo) args.push('--demo');
  if (options.rateLimitPerMinute) args.push('--rate-limit', String(options.rateLimitPerMinute));
  args.push(...(options.extraArgs ?? []));

  const child = spawn(tsxBinary, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(?:Listening on|Open) (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match?.[1]) return;
      child.stdout?.off('data', onData);
      // Keep draining so a chatty server never blocks on a full pipe.
      child.stdout?.resume();
      const baseUrl = match[1];
      resolve({ baseUrl, process: child, stop: () => stopProcess(child) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      reject(new Error(`reference server exited with ${code} before listening:\n${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Creates a key with the real CLI; returns the key printed on the last line. */
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
