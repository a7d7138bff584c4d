import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
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
  plugins: [react(), tailwindcss(), precompressPlugin()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, the router, the connect
            // screen) in one file: left alone, the bundler cut it into up to six, each with
            // its own request and compression overhead, as lazy chunks came to share pieces.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // The small pieces the lazy pages share (query hooks, query options, links,
            // labels) in one file too. Left alone they were a dozen chunks of 1–4 KB, and a
            // page's first view waited for all of them: over HTTP/1.1's six connections that
            // is several round trips before its first request could leave. Markdown stays
            // apart (large, and only the pages that render it need it).
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              test: (id: string) =>
                (!id.includes('node_modules') || id.includes('@tanstack')) &&
                !id.includes('markdown'),
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
          // Rendering a whole page in jsdom takes a few seconds on a busy 2-core machine; no
          // test asserts a duration, so the default 5 s only turned load into failures.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));

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
