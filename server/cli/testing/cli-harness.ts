import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * The commands others' tests call (§8), spawned for real: the server (server/main.ts) and
 * the key tool (server/keys.ts). Each test file that uses this gets its own temp folder
 * (`dir`), and every process it spawned is killed and the folder removed after its tests,
 * so no test leaves a server listening or a database behind.
 *
 * Node runs the script itself with tsx's loader (`node --import tsx`), not through the
 * `tsx` command: that one is a parent process that relays SIGTERM to the script and, when
 * the script's acknowledgement takes over 30 ms twice (a busy machine), kills it and exits
 * 143. A test's SIGTERM then reaches the server's own handler, which is what it tests.
 */
const NODE_ARGS = ['--import', 'tsx'];
export const dir = mkdtempSync(join(tmpdir(), 'wds-cli-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function spawnTracked(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...NODE_ARGS, script, ...args], {
    env: { ...process.env, ...env },
  });
  children.push(child);
  return child;
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end. */
export function run(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawnTracked(script, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `keys create` on `db` for the acme workspace; `more` adds flags (`--records 50`). */
export function createKey(db: string, name: string, scopes: string, more: string[] = []) {
  const args = ['--db', db, '--workspace', 'acme', '--name', name, '--scopes', scopes, ...more];
  return run('server/keys.ts', ['create', ...args]);
}

export const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

/** A line of a JavaScript stack trace ("    at fn (/path/file.js:1:2)"). */
export const STACK_LINE = /^\s+at .+/m;

/** The line a started server prints once it listens: "Listening on <base>". */
export const LISTENING = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m;
/** The line the demo with a dashboard prints instead: "Open <base>/". */
export const OPEN = /^Open (http:\/\/127\.0\.0\.1:\d+)\/$/m;

export interface Started {
  /** Resolves with the base URL once the server prints its ready line; rejects if it exits first. */
  listening: Promise<string>;
  /** All it printed so far, stdout and stderr as they came. */
  output: () => string;
  /** What it printed on stdout alone. */
  stdout: () => string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts server/main.ts with `args`; it is ready when stdout shows `ready` (the first
 * group is the base URL). Logging is off unless `env` sets it.
 */
export function startServer(
  args: string[],
  {
    env = { LOG_LEVEL: 'silent' },
    ready = LISTENING,
  }: { env?: Record<string, string>; ready?: RegExp } = {},
): Started {
  const server = spawnTracked('server/main.ts', args, env);
  let output = '';
  let stdout = '';
  server.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
      const match = ready.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited early with ${code}: ${output}`)));
  });
  return {
    listening,
    output: () => output,
    stdout: () => stdout,
    exited,
    stop: () => {
      server.kill('SIGTERM');
      return exited;
    },
  };
}

/** The demo key the page is handed (config.json). */
export async function demoKeyOf(base: string): Promise<string> {
  return ((await (await fetch(`${base}/config.json`)).json()) as { demoKey: string }).demoKey;
}

/** The status of the table list read with `key`. */
export async function tablesStatusWith(base: string, key: string): Promise<number> {
  const response = await fetch(`${base}/api/public/v1/tables`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return response.status;
}
