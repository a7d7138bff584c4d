import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { createIdResolver, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The dev server proxies the API paths to a reference server (npm run dev starts one on 8788).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8788';

/**
 * React Router 7 ships a production build beside its development one, but its package
 * exports name only the development files (remix-run/react-router#12532, "intended to be
 * temporary"), so a plain build bundles its development warnings too. The build takes the
 * production files; tests and the dev server keep the development ones and their warnings.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: path.resolve(
      import.meta.dirname,
      'node_modules/react-router/dist/production/index.mjs',
    ),
  },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve(
      import.meta.dirname,
      'node_modules/react-router/dist/production/dom-export.mjs',
    ),
  },
];

export default defineConfig(({ command }) => ({
  // Relative asset paths: dist/ works at the root or any sub-path of a plain file host.
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    // Compiles src/locales/<locale>/<area>.json into message data at build time; a catalog
    // that lacks a key of the English one fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    appPreloadPlugin(),
    compileHintsPlugin(),
    precompressPlugin(),
  ],
  // A worker has no DOM: packages that ship a DOM build for browsers and a plain one for
  // workers must give the worker bundle the plain one (see workerConditionsPlugin).
  worker: { plugins: () => [workerConditionsPlugin()] },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api/public/v1': apiTarget,
      '/v1': apiTarget,
      '/config.json': apiTarget,
    },
  },
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No polyfill for <link rel="modulepreload"> in the start-up script (0.4 KB gzip of the
    // connect screen's 120 KB budget): every browser the build targets has it but Safari
    // before 17, which then fetches the app's code when it is imported instead of ahead.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app is an entry of its own as well as the start-up script's dynamic import, so
      // that the `$initial` group below gathers exactly what it imports statically.
      input: { index: ENTRY_MODULE, app: APP_MODULE },
      output: {
        codeSplitting: {
          groups: [
            // The start-up script (src/main.ts and what it imports: none of React or
            // TanStack) on its own and small, so the first screen's requests leave soon
            // after the page arrives.
            {
              name: (id, context) =>
                importedBy(ENTRY_MODULE, context, false).has(id) ? 'index' : null,
              debugName: 'start-up',
              priority: 3,
            },
            // Everything else the app imports statically (React, the router, the connect
            // screen) in one file, which index.html preloads beside the start-up script
            // (appPreloadPlugin): left alone, the bundler cut it into up to six, each with
            // its own request and compression overhead, as lazy chunks came to share pieces.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // What every workspace page loads besides its own code and its layout: the route
            // that provides the workspace's client and cache, the first screen's cache
            // entries, the caches' code (TanStack Query's client) and the API client, with
            // what they import. One request rather than four.
            {
              name: (id, context) =>
                WORKSPACE_MODULES.some((entry) => importedBy(entry, context).has(id))
                  ? 'workspace'
                  : null,
              priority: 1.5,
            },
            // The small pieces the lazy pages share (query hooks, query options, links,
            // labels) in one file too. Left alone they were a dozen chunks of 1–4 KB, and a
            // page's first view waited for all of them: over HTTP/1.1's six connections that
            // is several round trips before its first request could leave. Markdown stays
            // apart (large, and only the pages that render it need it).
            // Split in two: what a table's records and the layout around them import (the
            // usual first screen, whose largest paint on a phone waits for every byte it
            // loads), and the rest, which that screen then does not download.
            // What only the records screen's later parts share (a board, a calendar, a find,
            // an export: loaded on first use) is left to the bundler's own chunks, so that
            // no other page downloads it with its first screen (decision 063).
            {
              name: (id, context) => {
                if (
                  (id.includes('node_modules') && !id.includes('@tanstack')) ||
                  id.includes('markdown')
                )
                  return null;
                if (RECORDS_SCREEN_MODULES.some((screen) => importedBy(screen, context).has(id)))
                  return 'shared';
                return id.startsWith(RECORDS_LATER) ? null : 'shared-pages';
              },
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./vitest.setup.ts'],
          // One jsdom and one module graph per worker, not per file: a fresh fork, jsdom and
          // React for each of ~170 files was most of the unit step's time (src/components and
          // src/lib: 81 s of CPU isolated, 10 s not). vitest.setup.ts, which runs again for
          // each file, puts back what a file could leave behind (body, URL, timers, globals).
          isolate: false,
          unstubGlobals: true,
          // Rendering a whole page in jsdom takes a few seconds on a busy 2-core machine; no
          // test asserts a duration, so the default 5 s only turned load into failures.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // The lint step's own rules (scripts/lib) are node code too.
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          environment: 'node',
          include: ['bench/**/*.test.ts'],
        },
      },
    ],
  },
}));

/** The page (whose script is src/main.ts), and the app's code, which that imports dynamically. */
const ENTRY_MODULE = path.resolve(import.meta.dirname, 'index.html');
const APP_MODULE = path.resolve(import.meta.dirname, 'src/app/start-app.tsx');
const WORKSPACE_MODULES = [
  'src/app/routes/require-connection.tsx',
  'src/app/first-screen-requests.ts',
  'src/app/workspace-caches.ts',
  'src/lib/api/client.ts',
].map((file) => path.resolve(import.meta.dirname, file));

/** The code of a table's records page in the app's layout: the usual first screen. */
const RECORDS_SCREEN_MODULES = [
  'src/features/records/records-page.tsx',
  'src/app/layout/app-layout.tsx',
]
  .map((file) => path.resolve(import.meta.dirname, file))
  .concat(WORKSPACE_MODULES);

/** The records feature: what its lazily loaded parts share, no other page imports. */
const RECORDS_LATER = path.resolve(import.meta.dirname, 'src/features/records') + path.sep;

const moduleGraphs = new WeakMap<ModuleInfo, Map<boolean, Set<string>>>();
/**
 * `moduleId` and every module it imports statically, however deep; with `withPackages`
 * false, only modules of ours (not node_modules). The start-up script imports no package:
 * a package's index re-exports all of it, and the bundler would take every file it names
 * into the chunk.
 */
function importedBy(moduleId: string, context: ChunkingContext, withPackages = true): Set<string> {
  const root = context.getModuleInfo(moduleId);
  if (!root) return new Set();
  const graphs = moduleGraphs.get(root) ?? new Map<boolean, Set<string>>();
  moduleGraphs.set(root, graphs);
  let graph = graphs.get(withPackages);
  if (!graph) {
    const found = new Set<string>([moduleId]);
    const queue = [moduleId];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
        if (!found.has(imported) && (withPackages || !imported.includes('/node_modules/'))) {
          found.add(imported);
          queue.push(imported);
        }
      }
    }
    graph = found;
    graphs.set(withPackages, graph);
  }
  return graph;
}

/**
 * A `<link rel="modulepreload">` in index.html for the app's chunk and the chunks it
 * imports: the start-up script imports the app dynamically (after sending the first
 * requests), and without the hint the app's download would only start once the start-up
 * script has arrived and run, a round trip later.
 */
function appPreloadPlugin(): Plugin {
  return {
    name: 'workspace-browser:app-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const app = chunks.find((chunk) => chunk.moduleIds.includes(APP_MODULE));
        if (!app) throw new Error('the build has no chunk for src/app/start-app.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (fileName === entry.fileName || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            visit(imported);
        };
        visit(app.fileName);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines see a comment) on the
 * records screen's chunks, whose code nearly all runs when the screen first renders: V8
 * compiles the whole file as it loads, off the main thread, instead of each function on
 * the main thread when first called. That lazy compiling was ~70 ms of Connect → first
 * row at 2× CPU (decision 041). The hint must be the file's first line.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHintsPlugin(): Plugin {
  return {
    name: 'workspace-browser:compile-hints',
    apply: 'build',
    // Once written: the bundler puts the dynamic imports' file list at a chunk's top last.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          // Never the start-up script or the app: the connect screen runs little of them.
          const recordsScreen =
            output.type === 'chunk' &&
            !output.isEntry &&
            (output.name === 'shared' ||
              output.moduleIds.some((id) => RECORDS_SCREEN_MODULES.includes(id)));
          if (!recordsScreen) return;
          const file = path.join(outDir, output.fileName);
          await writeFile(file, COMPILE_HINT + (await readFile(file, 'utf8')));
        }),
      );
    },
  };
}

/**
 * Resolves the worker bundles' package imports with the `worker` export condition ahead of
 * `browser`. Vite bundles a worker with the page's conditions (vitejs/vite#7439, #20230: no
 * option sets a worker's own), so a package whose `browser` build uses the DOM breaks the
 * worker as it starts: `decode-named-character-reference` (under the Markdown parser)
 * decodes entities with a `<textarea>` in its `browser` build, and the Markdown worker
 * threw `document is not defined`. Packages name `worker` before `browser` when they have
 * one, as webpack, esbuild and Wrangler resolve it.
 */
function workerConditionsPlugin(): Plugin {
  let resolveForWorker: ReturnType<typeof createIdResolver> | undefined;
  return {
    name: 'workspace-browser:worker-conditions',
    enforce: 'pre',
    configResolved(config) {
      resolveForWorker = createIdResolver(config, {
        conditions: ['worker', ...config.resolve.conditions],
      });
    },
    async resolveId(source, importer) {
      // Only packages: relative and absolute paths have no export conditions.
      if (!resolveForWorker || !/^[@\w]/.test(source) || source.startsWith('\0')) return null;
      return (await resolveForWorker(this.environment, source, importer)) ?? null;
    },
  };
}

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|map|webmanifest)$/;
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 512;
/**
 * Edited by whoever deploys (docs/deployment.md): a `.br` or `.gz` written at build time
 * would go stale the moment it is edited, and a server that prefers it would serve old settings.
 */
const NEVER = new Set(['config.json']);

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of
 * the build, for servers that serve precompressed siblings by Accept-Encoding (the reference
 * server, nginx `brotli_static`/`gzip_static`, a bucket with Content-Encoding metadata).
 * node:zlib does both, so this is a few lines rather than a dependency.
 */
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'workspace-browser:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      const files = filesUnder(outDir).filter(
        (file) => COMPRESSIBLE.test(file) && !NEVER.has(path.relative(outDir, file)),
      );
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          if (body.length < MIN_BYTES) return;
          const [brotli, gzipped] = await Promise.all([
            brotliCompressAsync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
