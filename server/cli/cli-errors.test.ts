import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKey, dir, run, STACK_LINE } from './testing/cli-harness';

/** What the server and the key tool say when they can't do what was asked: one line, an exit code. */
const dbFile = join(dir, 'cli.sqlite');

describe('CLI', () => {
  it('a bad flag or value: one-line error and usage on stderr, exit 2', async () => {
    const [badFlag, badPort, badScope, noCommand] = await Promise.all([
      run('server/main.ts', ['--bogus']),
      run('server/main.ts', ['--port', 'abc', '--db', dbFile]),
      createKey(dbFile, 'x', 'tables:write'),
      run('server/keys.ts', []),
    ]);
    for (const result of [badFlag, badPort, badScope, noCommand]) {
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toMatch(/^error: /);
      expect(result.stderr).toContain('Usage:');
    }
    expect(badFlag.stderr).toContain('--bogus');
  });

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
