/**
 * Fails when a source file is over MAX_LINES lines (scripts/lib/file-lengths.ts says which
 * files count and which few may be longer). Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isSourceFile, lengthProblems, lineCountOf, MAX_LINES } from './lib/file-lengths';

// The files git knows of, committed or not (and not ignored): what a commit would hold.
const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(isSourceFile);
const files = paths.flatMap((path) => {
  try {
    return [{ path, lines: lineCountOf(readFileSync(path, 'utf8')) }];
  } catch {
    // Deleted in the working tree but still in the index: nothing to measure.
    return [];
  }
});
const problems = lengthProblems(files);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`${files.length} source files, none over ${MAX_LINES} lines but those allowed.`);
