import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Measure } from './lib/results';

/**
 * The JavaScript the connect screen loads: the entry script in dist/index.html and every
 * module it preloads (Vite emits a modulepreload link for each static import). Lazy
 * routes are excluded: the connect screen does not load them.
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
    note: `${sources.size} files`,
  };
}
