import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const biome = path.join(repo, 'node_modules/.bin/biome');
let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Lints two files with the repository's own import-cycle rule; the exit status and output. */
function lintPair(a: string, b: string): { failed: boolean; output: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  const rule = config.linter.rules.suspicious.noImportCycles;
  writeFileSync(
    path.join(dir, 'biome.json'),
    JSON.stringify({ linter: { rules: { suspicious: { noImportCycles: rule } } } }),
  );
  writeFileSync(path.join(dir, 'a.ts'), a);
  writeFileSync(path.join(dir, 'b.ts'), b);
  try {
    const output = execFileSync(biome, ['lint', '--only=suspicious/noImportCycles', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { failed: false, output };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

it('the lint step refuses two files that import each other, a type-only import included', () => {
  const { failed, output } = lintPair(
    "import type { B } from './b';\nexport interface A { b: B }\n",
    "import type { A } from './a';\nexport interface B { a?: A }\n",
  );
  expect(failed).toBe(true);
  expect(output).toContain('noImportCycles');
});

it('and accepts imports that run one way', () => {
  const { failed } = lintPair(
    "import type { B } from './b';\nexport interface A { b: B }\n",
    'export interface B { n: number }\n',
  );
  expect(failed).toBe(false);
});
