import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoKeyOf, dir, OPEN, run, startServer, tablesStatusWith } from './testing/cli-harness';

/** The demo (`npm start`): one URL to open, its key handed only to the page, kept across starts. */

/** A stand-in for the built dashboard: a folder with an index.html. */
function dashboardIn(name: string): string {
  const dashboardDir = join(dir, name);
  mkdirSync(dashboardDir);
  writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>Dashboard</title>');
  return dashboardDir;
}

describe('CLI', () => {
  it('in demo mode with the dashboard prints one URL to open and hands the demo key only to the page', async () => {
    const dashboardDir = dashboardIn('dist');
    const server = startServer(
      [
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
      { ready: OPEN },
    );
    const base = await server.listening;
    expect(server.stdout().match(/http:\/\//g)).toHaveLength(1);
    expect(server.stdout()).not.toMatch(/svc_live_/);

    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('<title>Dashboard</title>');
    expect(await tablesStatusWith(base, await demoKeyOf(base))).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it('a second demo on a port in use says how to pick another, and leaves the first one working', async () => {
    const db = join(dir, 'port.sqlite');
    const first = startServer(['--port', '0', '--db', db, '--records', '0', '--demo']);
    const base = await first.listening;
    const demoKey = await demoKeyOf(base);
    const port = new URL(base).port;

    const second = await run('server/main.ts', ['--port', port, '--db', db, '--demo']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`port ${port} is already in use`);
    expect(second.stderr).toContain('Start on another port: PORT=8800 npm start');
    expect(second.stderr).not.toMatch(/at .*\.ts:\d+/);

    // The running demo's key was not revoked by the start that could not listen.
    expect(await tablesStatusWith(base, demoKey)).toBe(200);
    await first.stop();
  });

  it('the demo key is the same at every start on one database file, and made again once revoked', async () => {
    const db = join(dir, 'two-demos.sqlite');
    const demoArgs = ['--port', '0', '--db', db, '--records', '0', '--demo'];

    const first = startServer(demoArgs);
    const firstBase = await first.listening;
    const firstKey = await demoKeyOf(firstBase);
    // A second demo on the same file (another port) hands out the same key.
    const second = startServer(demoArgs);
    const secondBase = await second.listening;
    expect(await demoKeyOf(secondBase)).toBe(firstKey);

    // Stopping one leaves the key working for the other, and for the next start.
    expect(await second.stop()).toBe(0);
    expect(await tablesStatusWith(firstBase, firstKey)).toBe(200);
    expect(await first.stop()).toBe(0);
    const third = startServer(demoArgs);
    const thirdBase = await third.listening;
    expect(await demoKeyOf(thirdBase)).toBe(firstKey);
    expect(await tablesStatusWith(thirdBase, firstKey)).toBe(200);
    expect(third.output()).not.toContain(firstKey);
    expect(await third.stop()).toBe(0);

    // Revoked by hand: the next start makes (and keeps) a new one.
    const revoked = await run('server/keys.ts', ['revoke', '--db', db, '--name', 'demo']);
    expect(revoked.code).toBe(0);
    const fourth = startServer(demoArgs);
    const fourthBase = await fourth.listening;
    const newKey = await demoKeyOf(fourthBase);
    expect(newKey).not.toBe(firstKey);
    expect(await tablesStatusWith(fourthBase, firstKey)).toBe(401);
    expect(await tablesStatusWith(fourthBase, newKey)).toBe(200);
    await fourth.stop();
  }, 60_000);

  it('the demo shows seeding progress, then the URL; it logs no request unless LOG=1', async () => {
    const dashboardDir = dashboardIn('quiet-dist');
    const start = async (db: string, env: Record<string, string>) => {
      const server = startServer(
        ['--port', '0', '--db', db, '--records', '2500', '--demo', '--dashboard', dashboardDir],
        { env: { LOG_LEVEL: '', LOG: '', ...env }, ready: OPEN },
      );
      const base = await server.listening;
      expect(await tablesStatusWith(base, await demoKeyOf(base))).toBe(200);
      await server.stop(); // everything it wrote has arrived
      return server.stdout();
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
});
