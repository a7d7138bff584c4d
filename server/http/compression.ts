import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  gzip,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { appendVary, knownBodyOf, plainResponse, responseHeaderRecord } from './edge';

/**
 * Compression of the API's JSON replies (docs/deployment.md, "API replies"). Measured on a
 * 38 KB first page of Orders (the dashboard's first request that matters): Brotli at
 * quality 1 makes it 24.5 % of its size for ~85 µs of CPU, gzip at level 1 25.8 % for
 * ~180-220 µs; higher levels save 1-3 % more for 2-7× the CPU (decision 023). Brotli is
 * used whenever the client accepts it, gzip for clients that don't.
 */
export const REPLY_COMPRESSION = {
  /** Below this a reply fits a packet or two: compressing it saves no round trip. */
  minBytes: 1024,
  brotliQuality: 1,
  gzipLevel: 1,
  /**
   * Up to this size the body is compressed on the event loop (≤ ~2 ms at these settings):
   * cheaper than a trip through the thread pool. Larger bodies go to the pool.
   */
  syncMaxBytes: 1024 * 1024,
  /** A streamed body (the proxy's upstream) is buffered to compress it only up to this. */
  streamMaxBytes: 8 * 1024 * 1024,
};

export type ReplyCompressionSettings = typeof REPLY_COMPRESSION;

export type ReplyEncoding = 'br' | 'gzip';
const ENCODINGS: readonly ReplyEncoding[] = ['br', 'gzip'];

/** The codings an Accept-Encoding header allows (q > 0); `*` allows any of `known` not named. */
export function acceptedEncodings(
  header: string | undefined,
  known: readonly string[] = ENCODINGS,
): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') wildcard = allowed;
    else if (allowed) accepted.add(name);
    else refused.add(name);
  }
  if (wildcard) {
    for (const name of known) if (!refused.has(name)) accepted.add(name);
  }
  return accepted;
}

/** Brotli when the client takes it, else gzip, else null (identity). */
export function replyEncodingFor(acceptEncoding: string | undefined): ReplyEncoding | null {
  if (acceptEncoding === undefined || acceptEncoding === '') return null;
  const accepted = acceptedEncodings(acceptEncoding);
  return ENCODINGS.find((encoding) => accepted.has(encoding)) ?? null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOptions(size: number, quality: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** One-shot compression of a whole body. */
export async function compressBody(
  body: Uint8Array,
  encoding: ReplyEncoding,
  settings: ReplyCompressionSettings = REPLY_COMPRESSION,
): Promise<Buffer> {
  if (body.byteLength <= settings.syncMaxBytes) return compressBodyNow(body, encoding, settings);
  if (encoding === 'br') {
    return brotliAsync(body, brotliOptions(body.byteLength, settings.brotliQuality));
  }
  return gzipAsync(body, { level: settings.gzipLevel });
}

/** compressBody on the event loop, whatever the size. */
function compressBodyNow(
  body: Uint8Array,
  encoding: ReplyEncoding,
  settings: ReplyCompressionSettings,
): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, brotliOptions(body.byteLength, settings.brotliQuality));
  }
  return gzipSync(body, { level: settings.gzipLevel });
}

/** A reply's headers and the pieces of its body, written one after the other. */
export interface PlainReply {
  headers: Record<string, string>;
  body: Buffer[];
}

/**
 * compressReplies for code that writes Node's response itself (the records fast path,
 * decision 025): a GET's 200 JSON reply, given as its headers (no Content-Length) and body,
 * as the middleware would send it. Synchronous up to `syncMaxBytes`, as the middleware.
 */
export function compressPlainReply(
  reply: PlainReply,
  acceptEncoding: string | undefined,
  settings: ReplyCompressionSettings = REPLY_COMPRESSION,
): PlainReply | Promise<PlainReply> {
  let size = 0;
  for (const piece of reply.body) size += piece.byteLength;
  if (size < settings.minBytes) return reply;
  const headers = addVary(reply.headers);
  const encoding = replyEncodingFor(acceptEncoding);
  if (encoding === null) return { headers, body: reply.body };
  headers['Content-Encoding'] = encoding;
  const whole = reply.body.length === 1 ? (reply.body[0] as Buffer) : Buffer.concat(reply.body);
  if (size <= settings.syncMaxBytes) {
    return { headers, body: [compressBodyNow(whole, encoding, settings)] };
  }
  return compressBody(whole, encoding, settings).then((compressed) => ({
    headers,
    body: [compressed],
  }));
}

/**
 * Puts `response` in place of the route's. Assigning c.res over an existing response would
 * make Hono copy the old one's headers (Content-Length included) onto a rebuilt copy.
 */
function replaceResponse(c: Context<AppEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === wanted) return headers[key];
  return undefined;
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  const wanted = name.toLowerCase();
  const out: Record<string, string> = {};
  for (const key in headers) if (key.toLowerCase() !== wanted) out[key] = headers[key] ?? '';
  return out;
}

function addVary(headers: Record<string, string>): Record<string, string> {
  const vary = headerOf(headers, 'Vary');
  if (vary !== undefined && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return headers;
  const out = withoutHeader(headers, 'Vary');
  out.Vary = vary === undefined ? 'Accept-Encoding' : `${vary}, Accept-Encoding`;
  return out;
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

type ReadBody = { bytes: Uint8Array } | { tooLarge: ReadableStream<Uint8Array> };

/**
 * A streamed body read into memory up to `limit` bytes. Past it, the chunks read so far
 * and the rest of the stream are handed back as one stream, to be sent as they are.
 */
async function readStreamUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<ReadBody> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, total) };
    chunks.push(value);
    total += value.byteLength;
    if (total > limit) {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel(reason) {
          return reader.cancel(reason);
        },
      });
      return { tooLarge: rest };
    }
  }
}

/**
 * Compresses 200 JSON replies of 1 KB and more with the best coding the request's
 * Accept-Encoding allows, in one shot (a page is built whole before it is sent, so nothing
 * waits on a stream), with Content-Encoding, the compressed Content-Length and
 * `Vary: Accept-Encoding`. Left as they are: HEAD (no body to save; it still gets the Vary
 * its GET would), non-200 answers (errors are small, 304s have no body), replies already
 * encoded, and replies with an ETag (a strong ETag names one encoding's bytes; the proxy
 * forwards If-None-Match to an upstream that only knows its own).
 *
 * Mount it right inside `edge` (which then adds its headers to the compressed reply), before
 * the routes: every route's reply passes through it. Bodies built by `jsonResponse` /
 * `plainResponse` (edge.ts) are read without a copy; any other body, including the
 * proxy's upstream stream, is read through the Response (slower, but correct).
 */
export function compressReplies(
  overrides: Partial<ReplyCompressionSettings> = {},
): MiddlewareHandler<AppEnv> {
  const settings = { ...REPLY_COMPRESSION, ...overrides };
  return async (c, next) => {
    await next();
    const response = c.res;
    if (response.status !== 200) return;
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return;
    const headers = responseHeaderRecord(response);
    if (!isJson(headerOf(headers, 'Content-Type'))) return;
    if (headerOf(headers, 'Content-Encoding') !== undefined) return;
    if (headerOf(headers, 'ETag') !== undefined) return;

    let body: Uint8Array | undefined = knownBodyOf(response);
    if (body !== undefined && body.byteLength < settings.minBytes) return;
    const encoding = method === 'HEAD' ? null : replyEncodingFor(c.req.header('accept-encoding'));
    if (body === undefined && response.body !== null && encoding !== null) {
      const read = await readStreamUpTo(response.body, settings.streamMaxBytes);
      if ('tooLarge' in read) {
        replaceResponse(c, plainResponse(read.tooLarge, 200, addVary(headers)));
        return;
      }
      body = read.bytes;
      if (body.byteLength < settings.minBytes) {
        replaceResponse(c, plainResponse(body, 200, headers));
        return;
      }
    }
    if (body === undefined || encoding === null) {
      // Sent as it is, but the answer to the same GET depends on Accept-Encoding.
      appendVary(response, 'Accept-Encoding');
      return;
    }
    const varying = addVary(headers);
    const compressed = await compressBody(body, encoding, settings);
    const out = withoutHeader(varying, 'Content-Length');
    out['Content-Encoding'] = encoding;
    out['Content-Length'] = String(compressed.byteLength);
    replaceResponse(c, plainResponse(compressed, 200, out));
  };
}
