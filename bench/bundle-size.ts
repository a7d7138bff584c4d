import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Measure } from './lib/results';

/**
 * The largest language's catalog for the connect screen (its `connect` area,
 * src/locales/<locale>/connect.json, one chunk per language; src/lib/i18n/catalogs.ts
 * CONNECT_AREAS): the start-up script fetches one language's beside the app's code.
 */
function connectCatalogGzipBytes(distDir: string): number {
  const assets = path.join(distDir, 'assets');
  let total = 0;
  for (const area of ['connect']) {
    const chunk = new RegExp(`^${area}-[A-Za-z0-9_-]{8}\\.js$`);
    const sizes = readdirSync(assets)
      .filter((file) => chunk.test(file))
      .map((file) => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length);
    total += Math.max(0, ...sizes);
  }
  return total;
}

/**
 * The JavaScript the connect screen loads: the entry script in dist/index.html and every
 * module it preloads (Vite emits a modulepreload link for each static import), and the
 * largest language's message catalogs it needs. Lazy routes are excluded: the connect
 * screen does not load them.
 */
export function measureInitialJavaScript(distDir: string): Measure {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) {
    if (match[1]) sources.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) {
    if (match[1]) sources.add(match[1]);
  }
  let gzipBytes = 0;
  for (const source of sources) {
    gzipBytes += gzipSync(readFileSync(path.join(distDir, source)), { level: 9 }).length;
  }
  const catalogBytes = connectCatalogGzipBytes(distDir);
  gzipBytes += catalogBytes;
  const kilobytes = gzipBytes / 1024;
  return {
    group: 'dashboard',
    name: 'initial JavaScript for the connect screen, gzip',
    unit: 'KB',
    median: kilobytes,
    min: kilobytes,
    max: kilobytes,
    runs: 1,
    target: { kind: 'max', value: 120, label: '≤ 120 KB' },
    peer: null,
    ratio: null,
    note: `${sources.size} files and the largest language's catalog (${(catalogBytes / 1024).toFixed(1)} KB)`,
  };
}
