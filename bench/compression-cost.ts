import { compressBody, REPLY_COMPRESSION, type ReplyEncoding } from '../server/http/compression';
import type { Measure } from './lib/results';

/** Batches of compressions; the fastest batch is reported (others share the CPU with whatever runs). */
const BATCHES = 9;
const PER_BATCH = 60;

async function cpuMicrosPerCompression(body: Uint8Array, encoding: ReplyEncoding) {
  let best = Number.POSITIVE_INFINITY;
  let bytes = 0;
  const all: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    const before = process.cpuUsage();
    for (let index = 0; index < PER_BATCH; index++) {
      bytes = (await compressBody(body, encoding)).byteLength;
    }
    const used = process.cpuUsage(before);
    const micros = (used.user + used.system) / PER_BATCH;
    all.push(micros);
    best = Math.min(best, micros);
  }
  all.sort((a, b) => a - b);
  return { best, median: all[Math.floor(all.length / 2)] ?? best, max: all.at(-1) ?? best, bytes };
}

/**
 * What the server's reply compression (server/http/compression.ts, its own settings) costs
 * for one page: CPU time per compression of the page the dashboard asks for first, in this
 * process. The load rows can't show it: autocannon sends no Accept-Encoding, so they
 * measure uncompressed replies.
 */
export async function measureReplyCompression(
  url: string,
  headers: Record<string, string>,
  label: string,
): Promise<Measure> {
  const response = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${response.status} from ${new URL(url).pathname}`);
  const body = new Uint8Array(await response.arrayBuffer());
  const brotli = await cpuMicrosPerCompression(body, 'br');
  const gzip = await cpuMicrosPerCompression(body, 'gzip');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return {
    group: 'server',
    name: `${label}: CPU to compress the page (Brotli ${REPLY_COMPRESSION.brotliQuality})`,
    unit: 'µs',
    median: Math.round(brotli.median),
    min: Math.round(brotli.best),
    max: Math.round(brotli.max),
    runs: BATCHES,
    target: null,
    peer: null,
    ratio: null,
    note: `${kb(body.byteLength)} → ${kb(brotli.bytes)}; gzip ${REPLY_COMPRESSION.gzipLevel}: ${kb(gzip.bytes)} in ${Math.round(gzip.median)} µs; median of ${BATCHES} batches of ${PER_BATCH}`,
  };
}
