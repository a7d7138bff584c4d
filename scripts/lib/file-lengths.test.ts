import { describe, expect, it } from 'vitest';
import { isSourceFile, lengthProblems, lineCountOf } from './file-lengths';

describe('the file-length rule', () => {
  it('counts lines as an editor numbers them', () => {
    expect(lineCountOf('')).toBe(0);
    expect(lineCountOf('a\n')).toBe(1);
    expect(lineCountOf('a\nb')).toBe(2);
    expect(lineCountOf('a\nb\n')).toBe(2);
  });

  it('covers the code of src, server, scripts, bench, e2e and engines, not data or prose', () => {
    expect(isSourceFile('src/lib/api/client.ts')).toBe(true);
    expect(isSourceFile('e2e/records.spec.ts')).toBe(true);
    expect(isSourceFile('engines/desk.spec.ts')).toBe(true);
    expect(isSourceFile('src/index.css')).toBe(true);
    expect(isSourceFile('src/locales/en/records.json')).toBe(false);
    expect(isSourceFile('docs/architecture.md')).toBe(false);
    expect(isSourceFile('vite.config.ts')).toBe(false);
  });

  it('fails a file one line over the limit and passes one at it', () => {
    const files = [
      { path: 'src/a.ts', lines: 401 },
      { path: 'src/b.ts', lines: 400 },
    ];
    expect(lengthProblems(files, {}, 400)).toEqual([
      'src/a.ts: 401 lines, over 400: split it along what it does',
    ]);
  });

  it('lets an allowed file be long, and fails an allowance no longer needed', () => {
    const allowed = {
      'server/seed/data.ts': 'data',
      'src/short.ts': 'was long',
      'src/gone.ts': 'x',
    };
    const files = [
      { path: 'server/seed/data.ts', lines: 2_000 },
      { path: 'src/short.ts', lines: 120 },
    ];
    expect(lengthProblems(files, allowed, 400)).toEqual([
      'src/short.ts: 120 lines now: remove it from the list of long files',
      'src/gone.ts: allowed to be long but not found: remove it from the list',
    ]);
  });
});
