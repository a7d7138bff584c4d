// @ts-check
/**
 * `npm start`: the dashboard and the reference server on the demo database, one URL to
 * open. Plain JavaScript on purpose (docs/decisions/009-fast-npm-start.md): it runs with
 * plain Node, builds the dashboard only when its sources changed and the server into one
 * file with esbuild only when the server changed, then runs that file in this process.
 * A second start therefore costs one Node start, not a TypeScript loader and a Vite build.
 * Flags after `npm start --` go to the server (`npm start -- --verbose`).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = path.resolve(import.meta.dirname, '..');
const stateDir = path.join(repoRoot, '.data/start');
const distDir = path.join(repoRoot, 'dist');
const serverBundle = path.join(stateDir, 'server.mjs');

/**
 * Paths under `entries` (files or folders), sorted, that `keep` accepts.
 * @param {string[]} entries
 * @param {(file: string) => boolean} keep
 */
function filesUnder(entries, keep) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} entry */
  const walk = (entry) => {
    const full = path.join(repoRoot, entry);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) walk(path.join(entry, name));
    } else if (keep(entry)) {
      files.push(entry);
    }
  };
  for (const entry of entries) walk(entry);
  return files;
}

/**
 * Path, size and modification time of each file: any edit, addition or removal changes it.
 * @param {string[]} files
 */
function fingerprint(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(repoRoot, file);
    const info = existsSync(full) ? statSync(full) : null;
    hash.update(`${file}\0${info?.size ?? -1}\0${info?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex');
}

/**
 * Runs `make` unless the stamp `name` holds the inputs' fingerprint from the last time.
 * @param {string} name
 * @param {() => string[]} inputs
 * @param {() => Promise<void> | void} make
 */
async function unlessCurrent(name, inputs, make) {
  const stamp = path.join(stateDir, `${name}.json`);
  let previous = null;
  try {
    previous = JSON.parse(readFileSync(stamp, 'utf8')).fingerprint;
  } catch {
    // No stamp yet, or an unreadable one: make it.
  }
  if (previous === fingerprint(inputs())) return;
  await make();
  writeFileSync(stamp, `${JSON.stringify({ fingerprint: fingerprint(inputs()) })}\n`);
}

/** @param {number} started */
const seconds = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

mkdirSync(stateDir, { recursive: true });

const dashboardInputs = () => [
  ...filesUnder(
    ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
    (file) => !/\.test\.tsx?$/.test(file),
  ),
  // The build's own output: an `npm run build` of other sources in between rebuilds too.
  'dist/index.html',
];
await unlessCurrent('dashboard', dashboardInputs, () => {
  const started = performance.now();
  process.stdout.write('Building the dashboard… ');
  // --logLevel error: no list of chunk sizes; `npm run build` shows everything.
  const build = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--logLevel', 'error'],
    { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (build.status !== 0) {
    process.stderr.write('\nerror: the dashboard did not build (see above).\n');
    process.exit(build.status ?? 1);
  }
  console.log(`done in ${seconds(started)}`);
});

const serverInputs = () => [
  ...filesUnder(['server', 'package-lock.json'], (file) => !/\.test\.ts$/.test(file)),
  path.relative(repoRoot, serverBundle),
];
await unlessCurrent('server', serverInputs, async () => {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(repoRoot, 'server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies load from node_modules as usual (better-sqlite3 is native).
    packages: 'external',
    logLevel: 'error',
  });
});

const userArgs = process.argv.slice(2);
process.argv.splice(
  2,
  process.argv.length,
  '--demo',
  '--dashboard',
  distDir,
  '--port',
  process.env.PORT || '8787',
  '--db',
  process.env.DB_PATH || path.join(repoRoot, '.data/demo.sqlite'),
  ...userArgs,
);
// The server reads process.argv as it loads: the same flags as `npm run server`.
await import(pathToFileURL(serverBundle).href);
