import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKey, dir, lastLine, run, startServer } from './testing/cli-harness';

/** A key made with the key tool opens the server's API; the server logs, and stops on SIGTERM. */
const dbFile = join(dir, 'cli.sqlite');

describe('CLI', () => {
  it('keys create seeds an empty db and prints the key alone on the last line; the server starts on --port 0, answers, exits 0 on SIGTERM', async () => {
    const created = await createKey(dbFile, 'cli', 'tables:read,skills:read', ['--records', '50']);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(/^svc_live_[0-9a-f]{48}$/);

    const server = startServer(['--port', '0', '--db', dbFile], { env: { LOG_LEVEL: 'info' } });
    const base = await server.listening;
    expect(lastLine(server.stdout())).toBe(`Listening on ${base}`);
    const response = await fetch(`${base}/api/public/v1/tables`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { tables: unknown[] }).tables.length).toBeGreaterThan(0);

    // One JSON log line per request, without the key or the query.
    const logged = await new Promise<string>((resolve) => {
      const check = () =>
        server.stdout().includes('"status":200') ? resolve(server.stdout()) : setImmediate(check);
      check();
    });
    const line = JSON.parse(logged.trimEnd().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({ method: 'GET', path: '/api/public/v1/tables', status: 200 });
    expect(logged).not.toContain(key);

    expect(await server.stop()).toBe(0);

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
});
