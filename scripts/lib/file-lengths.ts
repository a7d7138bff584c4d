/**
 * The rule `npm run lint` keeps (scripts/check-file-lengths.ts): no source file past
 * MAX_LINES, so none needs scrolling; a file that grows past it is split along what it
 * does. The few that must stay long are named in LONG_FILES_ALLOWED, each with why.
 */

export const MAX_LINES = 400;

/** The folders whose code the rule covers, and what counts as code there. */
export const SOURCE_ROOTS = ['src/', 'server/', 'scripts/', 'bench/', 'e2e/', 'engines/'];
const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

/**
 * Files allowed past MAX_LINES, each with the reason (none today). An entry whose file is
 * gone or back under the limit fails the check too, so the list stays as short as the
 * reasons are true.
 */
export const LONG_FILES_ALLOWED: Readonly<Record<string, string>> = {};

export interface SourceFile {
  path: string;
  lines: number;
}

export function isSourceFile(path: string): boolean {
  return SOURCE_ROOTS.some((root) => path.startsWith(root)) && SOURCE_FILE.test(path);
}

/** Lines as an editor numbers them: a last line without its newline still counts. */
export function lineCountOf(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** What breaks the rule: each over-long file not allowed, and each allowance no longer needed. */
export function lengthProblems(
  files: readonly SourceFile[],
  allowed: Readonly<Record<string, string>> = LONG_FILES_ALLOWED,
  maxLines: number = MAX_LINES,
): string[] {
  const problems: string[] = [];
  const byPath = new Map(files.map((file) => [file.path, file]));
  for (const file of files) {
    if (file.lines > maxLines && !(file.path in allowed)) {
      problems.push(
        `${file.path}: ${file.lines} lines, over ${maxLines}: split it along what it does`,
      );
    }
  }
  for (const path of Object.keys(allowed)) {
    const file = byPath.get(path);
    if (!file) problems.push(`${path}: allowed to be long but not found: remove it from the list`);
    else if (file.lines <= maxLines) {
      problems.push(`${path}: ${file.lines} lines now: remove it from the list of long files`);
    }
  }
  return problems;
}
