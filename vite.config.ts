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

export default defineConfig({
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
  build: { target: 'es2022', sourcemap: false },
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
});

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
