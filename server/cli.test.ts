import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The commands others' tests call (§8): spawned for real, as `npm run` would. */
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'wds-cli-'));
const dbFile = join(dir, 'cli.sqlite');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [script, ...args], { env: { ...process.env, ...env } });
    children.push(child);
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

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

/** A line of a JavaScript stack trace ("    at fn (/path/file.js:1:2)"). */
const STACK_LINE = /^\s+at .+/m;

interface Started {
  /** Resolves with the base URL once the server prints it. */
  listening: Promise<string>;
  output: () => string;
  stop: () => Promise<number | null>;
}

function startServer(args: string[]): Started {
  const server = spawn(TSX, ['server/main.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  children.push(server);
  let output = '';
  server.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const listening = new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`server exited early with ${code}: ${output}`)));
  });
  return {
    listening,
    output: () => output,
    stop: () => {
      const exited = new Promise<number | null>((done) => server.on('exit', done));
      server.kill('SIGTERM');
      return exited;
    },
  };
}

describe('CLI', () => {
  it('a bad flag or value: one-line error and usage on stderr, exit 2', async () => {
    const [badFlag, badPort, badScope, noCommand] = await Promise.all([
      run('server/main.ts', ['--bogus']),
      run('server/main.ts', ['--port', 'abc', '--db', dbFile]),
      run('server/keys.ts', [
        'create',
        '--db',
        dbFile,
        '--workspace',
        'acme',
        '--name',
        'x',
        '--scopes',
        'tables:write',
      ]),
      run('server/keys.ts', []),
    ]);
    for (const result of [badFlag, badPort, badScope, noCommand]) {
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(result.stderr).toContain('Usage:');
    }
    expect(badFlag.stderr).toContain('--bogus');
  });

  it('keys create seeds an empty db and prints the key alone on the last line; the server starts on --port 0, answers, exits 0 on SIGTERM', async () => {
    const created = await run('server/keys.ts', [
      'create',
      '--db',
      dbFile,
      '--workspace',
      'acme',
      '--name',
      'cli',
      '--scopes',
      'tables:read,skills:read',
      '--records',
      '50',
    ]);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^svc_live_[0-9a-f]{48}$/);

    const server = spawn(TSX, ['server/main.ts', '--port', '0', '--db', dbFile], {
      env: { ...process.env, LOG_LEVEL: 'info' },
    });
    children.push(server);
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      server.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
    expect(lastLine(output)).toBe(`Listening on ${base}`);
    const response = await fetch(`${base}/api/public/v1/tables`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { tables: unknown[] }).tables.length).toBeGreaterThan(0);

    // One JSON log line per request, without the key or the query.
    const logged = await new Promise<string>((resolve) => {
      const check = () => (output.includes('"status":200') ? resolve(output) : setImmediate(check));
      check();
    });
    const line = JSON.parse(logged.trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ method: 'GET', path: '/api/public/v1/tables', status: 200 });
    expect(logged).not.toContain(key);

    const exitCode = new Promise<number | null>((resolve) =>
      server.on('exit', (code) => resolve(code)),
    );
    server.kill('SIGTERM');
    expect(await exitCode).toBe(0);

    const [listed, revoked] = await Promise.all([
      run('server/keys.ts', ['list', '--db', dbFile]),
      run('server/keys.ts', ['revoke', '--db', dbFile, '--name', 'cli']),
    ]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('cli');
    expect(listed.stdout).toContain(key.slice(0, 13));
    expect(listed.stdout).not.toContain(key);
    expect(revoked.code).toBe(0);
    const again = await run('server/keys.ts', ['revoke', '--db', dbFile, '--name', 'cli']);
    expect(again.code).toBe(1);
  });

  it('in demo mode with the dashboard prints one URL to open and hands the demo key only to the page', async () => {
    const dashboardDir = join(dir, 'dist');
    mkdirSync(dashboardDir);
    writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
    const server = spawn(
      TSX,
      [
        'server/main.ts',
        '--port',
        '0',
        '--db',
        join(dir, 'demo.sqlite'),
        '--records',
        '50',
        '--demo',
        '--dashboard',
        dashboardDir,
      ],
      { env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    children.push(server);
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Open (http:\/\/127\.0\.0\.1:\d+)\/$/m.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      server.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
    expect(output.match(/http:\/\//g)).toHaveLength(1);
    expect(output).not.toMatch(/svc_live_/);

    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('<title>Dashboard</title>');
    const { demoKey } = (await (await fetch(`${base}/config.json`)).json()) as { demoKey: string };
    const tables = await fetch(`${base}/api/public/v1/tables`, {
      headers: { Authorization: `Bearer ${demoKey}` },
    });
    expect(tables.status).toBe(200);

    const exitCode = new Promise<number | null>((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    expect(await exitCode).toBe(0);
  });

  it('a second demo on a port in use says how to pick another, and leaves the first one working', async () => {
    const db = join(dir, 'port.sqlite');
    const first = spawn(
      TSX,
      ['server/main.ts', '--port', '0', '--db', db, '--records', '0', '--demo'],
      {
        env: { ...process.env, LOG_LEVEL: 'silent' },
      },
    );
    children.push(first);
    let output = '';
    const base = await new Promise<string>((resolve, reject) => {
      first.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      first.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
    });
    const { demoKey } = (await (await fetch(`${base}/config.json`)).json()) as { demoKey: string };
    const port = new URL(base).port;

    const second = await run('server/main.ts', ['--port', port, '--db', db, '--demo']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`port ${port} is already in use`);
    expect(second.stderr).toContain('Start on another port: PORT=8800 npm start');
    expect(second.stderr).not.toMatch(/at .*\.ts:\d+/);

    // The running demo's key was not revoked by the start that could not listen.
    const tables = await fetch(`${base}/api/public/v1/tables`, {
      headers: { Authorization: `Bearer ${demoKey}` },
    });
    expect(tables.status).toBe(200);
    const exited = new Promise((resolve) => first.on('exit', resolve));
    first.kill('SIGTERM');
    await exited;
  });

  it('the demo key is the same at every start on one database file, and made again once revoked', async () => {
    const db = join(dir, 'two-demos.sqlite');
    const demoArgs = ['--port', '0', '--db', db, '--records', '0', '--demo'];
    const demoKeyOf = async (base: string) =>
      ((await (await fetch(`${base}/config.json`)).json()) as { demoKey: string }).demoKey;
    const statusWith = async (base: string, key: string) =>
      (
        await fetch(`${base}/api/public/v1/tables`, {
          headers: { Authorization: `Bearer ${key}` },
        })
      ).status;

    const first = startServer(demoArgs);
    const firstBase = await first.listening;
    const firstKey = await demoKeyOf(firstBase);
    // A second demo on the same file (another port) hands out the same key.
    const second = startServer(demoArgs);
    const secondBase = await second.listening;
    expect(await demoKeyOf(secondBase)).toBe(firstKey);

    // Stopping one leaves the key working for the other, and for the next start.
    expect(await second.stop()).toBe(0);
    expect(await statusWith(firstBase, firstKey)).toBe(200);
    expect(await first.stop()).toBe(0);
    const third = startServer(demoArgs);
    const thirdBase = await third.listening;
    expect(await demoKeyOf(thirdBase)).toBe(firstKey);
    expect(await statusWith(thirdBase, firstKey)).toBe(200);
    expect(third.output()).not.toContain(firstKey);
    expect(await third.stop()).toBe(0);

    // Revoked by hand: the next start makes (and keeps) a new one.
    const revoked = await run('server/keys.ts', ['revoke', '--db', db, '--name', 'demo']);
    expect(revoked.code).toBe(0);
    const fourth = startServer(demoArgs);
    const fourthBase = await fourth.listening;
    const newKey = await demoKeyOf(fourthBase);
    expect(newKey).not.toBe(firstKey);
    expect(await statusWith(fourthBase, firstKey)).toBe(401);
    expect(await statusWith(fourthBase, newKey)).toBe(200);
    await fourth.stop();
  }, 60_000);

  it('the demo shows seeding progress, then the URL; it logs no request unless LOG=1', async () => {
    const dashboardDir = join(dir, 'quiet-dist');
    mkdirSync(dashboardDir);
    writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
    const start = async (db: string, env: Record<string, string>) => {
      const server = spawn(
        TSX,
        [
          'server/main.ts',
          '--port',
          '0',
          '--db',
          db,
          '--records',
          '2500',
          '--demo',
          '--dashboard',
          dashboardDir,
        ],
        { env: { ...process.env, LOG_LEVEL: '', LOG: '', ...env } },
      );
      children.push(server);
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const base = await new Promise<string>((resolve, reject) => {
        server.stdout.on('data', () => {
          const match = /^Open (http:\/\/127\.0\.0\.1:\d+)\/$/m.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        server.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
      });
      const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
      const { demoKey } = (await (await fetch(`${base}/config.json`)).json()) as {
        demoKey: string;
      };
      const tables = await fetch(`${base}/api/public/v1/tables`, {
        headers: { Authorization: `Bearer ${demoKey}` },
      });
      expect(tables.status).toBe(200);
      server.kill('SIGTERM');
      await exited; // everything it wrote has arrived
      return output;
    };

    const quiet = await start(join(dir, 'quiet.sqlite'), {});
    const lines = quiet.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Seeding the demo data [█░]{24} +\d+% {2}1,000 of 2,500 orders$/);
    expect(lines).toContain(
      'Seeding the demo data ████████████████████████ 100%  2,500 of 2,500 orders, indexing…',
    );
    expect(lines.at(-2)).toMatch(/^Seeded the demo data \(2,500 orders\) in [\d.]+ (ms|s)$/);
    expect(lines.at(-1)).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(quiet).not.toContain('"status":');

    // The same database again: no seeding, and LOG=1 brings the request log back.
    const logged = await start(join(dir, 'quiet.sqlite'), { LOG: '1' });
    expect(logged).not.toContain('Seeding');
    expect(logged).toMatch(/^Open http/);
    expect(logged).toContain('"path":"/api/public/v1/tables","status":200');
  });

  it('two servers started together on one empty file: one seeds while the other says it waits, then both serve; no stack trace', async () => {
    const shared = join(dir, 'shared.sqlite');
    // Hold the write lock first, as a third process would, so both are sure to meet it.
    const holder = new BetterSqlite3(shared);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    const args = ['--port', '0', '--db', shared, '--records', '5000'];
    const servers = [startServer(args), startServer(args)];
    await vi.waitFor(
      () => {
        for (const server of servers)
          expect(server.output()).toContain('Another process is preparing');
      },
      { timeout: 30_000, interval: 50 },
    );
    holder.exec('ROLLBACK');
    holder.close();
    const bases = await Promise.all(servers.map((server) => server.listening));
    // Exactly one of them seeded; the other waited for it and then served.
    expect(
      servers.filter((server) => server.output().includes('Seeded the demo data')),
    ).toHaveLength(1);

    // A key made while both serve works on both.
    const created = await run('server/keys.ts', [
      'create',
      '--db',
      shared,
      '--workspace',
      'acme',
      '--name',
      'shared',
      '--scopes',
      'tables:read',
    ]);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    for (const base of bases) {
      const response = await fetch(`${base}/api/public/v1/tables`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
    }
    for (const server of servers) {
      expect(await server.stop()).toBe(0);
      expect(server.output()).not.toMatch(STACK_LINE);
      expect(server.output()).not.toMatch(/error/i);
    }
  }, 120_000);

  it('a start-up failure is one line on stderr, exit 1; the stack trace only with --verbose', async () => {
    // A directory is not a database file.
    const plain = await run('server/main.ts', ['--port', '0', '--db', dir]);
    expect(plain.code).toBe(1);
    expect(plain.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^error: could not open the database .+: unable to open database file$/,
      ),
    ]);
    const verbose = await run('server/main.ts', ['--port', '0', '--db', dir, '--verbose']);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(STACK_LINE);
  });

  it('keys on a file that is not a database, or not there, says so in one line, exit 1; list never creates a database', async () => {
    const garbage = join(dir, 'not-a-database.db');
    writeFileSync(garbage, 'these bytes are no SQLite file');
    const missing = join(dir, 'typo', 'missing.db');
    const [notDb, listMissing, revokeMissing, verbose] = await Promise.all([
      run('server/keys.ts', ['list', '--db', garbage]),
      run('server/keys.ts', ['list', '--db', missing]),
      run('server/keys.ts', ['revoke', '--db', missing, '--name', 'x']),
      run('server/keys.ts', ['list', '--db', garbage, '--verbose']),
    ]);
    expect(notDb.code).toBe(1);
    expect(notDb.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^error: could not open the database .+: file is not a database$/),
    ]);
    for (const result of [listMissing, revokeMissing]) {
      expect(result.code).toBe(1);
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(/^error: no database at .+missing\.db/),
      ]);
    }
    expect(existsSync(missing)).toBe(false);
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(STACK_LINE);
  });
});
