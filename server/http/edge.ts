import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config';
import { isBusyError } from '../db/workspace-db';
import type { AppEnv } from './context';
import { ApiError, errorBody, INTERNAL_ERROR_MESSAGE, serviceUnavailable } from './errors';
import { maskKeys } from './key-mask';
import { LogSampler } from './log-sampler';

export const EXPOSED_HEADERS =
  'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Request ids: a random per-process prefix and a counter, cheaper than random bytes per call. */
const requestIdPrefix = `req_${randomBytes(6).toString('hex')}`;
let requestCounter = 0;

export function nextRequestId(): string {
  requestCounter += 1;
  return `${requestIdPrefix}${requestCounter.toString(36).padStart(6, '0')}`;
}

/**
 * Statuses a client can produce at will (wrong keys, over its limit): their log lines
 * are sampled, at most LOG_SAMPLE_LINES per status per LOG_SAMPLE_WINDOW_MS; the next
 * line logged says how many were left out.
 */
const SAMPLED_STATUSES = new Set([401, 429]);
const LOG_SAMPLE_LINES = 20;
const LOG_SAMPLE_WINDOW_MS = 60_000;

/** Where the edge writes a response's headers: a Response, or the plain object a fast path sends. */
export interface HeaderSink {
  set(name: string, value: string): void;
  /** Adds `Origin` to `Vary`, keeping what is there. */
  varyOnOrigin(): void;
}

/** A sink over a plain header object (the records fast path writes it as it is). */
export class PlainHeaderSink implements HeaderSink {
  readonly #headers: Record<string, string>;

  constructor(headers: Record<string, string>) {
    this.#headers = headers;
  }

  set(name: string, value: string): void {
    this.#headers[name] = value;
  }

  varyOnOrigin(): void {
    const vary = this.#headers.Vary;
    this.#headers.Vary = vary === undefined ? 'Origin' : `${vary}, Origin`;
  }
}

class ResponseHeaderSink implements HeaderSink {
  readonly #response: Response;

  constructor(response: Response) {
    this.#response = response;
  }

  set(name: string, value: string): void {
    setResponseHeader(this.#response, name, value);
  }

  varyOnOrigin(): void {
    appendVary(this.#response, 'Origin');
  }
}

/**
 * What every response gets on its way out (§7): request id, `nosniff`, CORS (also on
 * errors and 404s), and one JSON log line. One per app, shared by the Hono middleware and
 * the records fast path (server/http/records-fast-path.ts), so both answer alike and
 * share one log sampler.
 */
export class Edge {
  readonly #config: ServerConfig;
  readonly #anyOrigin: boolean;
  readonly #allowedOrigins: Set<string>;
  readonly #sampler = new LogSampler(LOG_SAMPLE_LINES, LOG_SAMPLE_WINDOW_MS);

  constructor(config: ServerConfig) {
    this.#config = config;
    this.#anyOrigin = config.corsOrigins.includes('*');
    this.#allowedOrigins = new Set(config.corsOrigins);
  }

  /** Whether addHeaders needs the request's Origin (only named origins are echoed). */
  get readsOrigin(): boolean {
    return !this.#anyOrigin;
  }

  /**
   * The headers every response carries; `origin` is the request's Origin header. Without
   * `cors`, none of the CORS headers: only the server's own pages may read the answer.
   */
  addHeaders(
    headers: HeaderSink,
    requestId: string,
    method: string,
    status: number,
    origin: string | undefined,
    cors = true,
  ): void {
    headers.set('X-Request-Id', requestId);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!cors) return;
    if (this.#anyOrigin) {
      headers.set('Access-Control-Allow-Origin', '*');
    } else {
      headers.varyOnOrigin();
      if (origin !== undefined && this.#allowedOrigins.has(origin)) {
        headers.set('Access-Control-Allow-Origin', origin);
      }
    }
    if (method === 'OPTIONS' && status === 204) {
      headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      headers.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      headers.set('Access-Control-Max-Age', '7200');
    } else {
      headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
  }

  /** The request's log line, when logging is on; `startedMs` from performance.now(). */
  log(requestId: string, method: string, path: string, status: number, startedMs: number): void {
    if (!this.#config.logRequests) return;
    let suppressed = 0;
    if (SAMPLED_STATUSES.has(status)) {
      const sample = this.#sampler.take(status, this.#config.now());
      if (!sample.log) return;
      suppressed = sample.suppressed;
    }
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      request_id: requestId,
      method,
      path: maskKeys(path),
      status,
      duration_ms: Math.round((performance.now() - startedMs) * 100) / 100,
    };
    if (suppressed > 0) line.similar_not_logged = suppressed;
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}

/** The outermost middleware: the edge's headers and log line on every response. */
export function edge(shared: Edge): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = nextRequestId();
    c.set('requestId', requestId);
    await next();
    const response = c.res;
    shared.addHeaders(
      new ResponseHeaderSink(response),
      requestId,
      c.req.method,
      response.status,
      shared.readsOrigin ? c.req.header('origin') : undefined,
      c.get('sameOriginOnly') !== true,
    );
    shared.log(requestId, c.req.method, c.req.path, c.res.status, started);
  };
}

/**
 * What an error thrown while answering becomes: ours as it is; 503 with Retry-After when
 * the database stayed locked by another process; a bland 500 for anything else (logged
 * by its class only unless --verbose: its message may quote SQL or a file path).
 */
export function apiErrorOf(
  error: unknown,
  config: Pick<ServerConfig, 'verbose'>,
  requestId: string,
): ApiError {
  if (error instanceof ApiError) return error;
  if (isBusyError(error)) return serviceUnavailable();
  const line: Record<string, unknown> = {
    level: 'error',
    request_id: requestId,
    error: error instanceof Error ? error.name : typeof error,
  };
  if (config.verbose)
    line.stack = maskKeys(error instanceof Error ? (error.stack ?? String(error)) : String(error));
  console.error(JSON.stringify(line));
  return new ApiError('internal_error', INTERNAL_ERROR_MESSAGE);
}

/** app.onError: the contract's error body (§6) for whatever was thrown. */
export function errorHandler(config: Pick<ServerConfig, 'verbose'>) {
  return (error: Error, c: Context<AppEnv>): Response => {
    const requestId = c.get('requestId') ?? 'req_unknown';
    return errorResponse(apiErrorOf(error, config, requestId), requestId);
  };
}

/** The handler without --verbose, for apps built without a config. */
export const handleError = errorHandler({ verbose: false });

/**
 * The header objects of responses built here (JSON bodies and errors), while the response
 * still writes from them. @hono/node-server's lightweight Response (installed as the global
 * Response once a server is listening) keeps the plain object it was given and writes it as
 * it is; reading `response.headers` would build a WHATWG Headers object, validated and then
 * converted back for Node: a measurable share of a records page's time. Only the
 * middleware that adds headers after the route (edge, guard) writes here, and nothing reads
 * `response.headers` in between. Elsewhere (app.request() in tests) Response copies its
 * headers when built, so headers are set on `response.headers` as usual.
 */
const plainHeaders = new WeakMap<Response, Record<string, string>>();
/**
 * The bodies of the same responses, so that compression.ts reads a reply's bytes without
 * going through Response (which would build the platform Response and copy them).
 */
const plainBodies = new WeakMap<Response, Uint8Array>();

/** Whether the global Response is the node adapter's subclass, not the platform's own. */
function responseKeepsPlainHeaders(): boolean {
  return Object.getPrototypeOf(Response) !== Function.prototype;
}

/** A response whose headers (and bytes, if a Uint8Array) later middleware reach cheaply. */
export function plainResponse(
  body: string | Uint8Array | ReadableStream<Uint8Array> | null,
  status: number,
  headers: Record<string, string>,
): Response {
  // Node's Buffer is a Uint8Array over an ArrayBuffer; its typings say ArrayBufferLike.
  const response = new Response(body as BodyInit | null, { status, headers });
  if (responseKeepsPlainHeaders()) plainHeaders.set(response, headers);
  if (body instanceof Uint8Array) plainBodies.set(response, body);
  return response;
}

/** The bytes of a response built by plainResponse from a Uint8Array; else undefined. */
export function knownBodyOf(response: Response): Uint8Array | undefined {
  return plainBodies.get(response);
}

/** A response's headers as a plain object (a copy unless it was built by plainResponse). */
export function responseHeaderRecord(response: Response): Record<string, string> {
  return plainHeaders.get(response) ?? Object.fromEntries(response.headers.entries());
}

/** Sets a header on a response built by any route; cheap for the ones built here. */
export function setResponseHeader(response: Response, name: string, value: string): void {
  const plain = plainHeaders.get(response);
  if (plain === undefined) response.headers.set(name, value);
  else plain[name] = value;
}

/** Adds `value` to the response's Vary header (once). */
export function appendVary(response: Response, value: string): void {
  const plain = plainHeaders.get(response);
  if (plain === undefined) {
    const vary = response.headers.get('Vary');
    if (!varyNames(vary).includes(value.toLowerCase())) response.headers.append('Vary', value);
    return;
  }
  const key = Object.keys(plain).find((name) => name.toLowerCase() === 'vary') ?? 'Vary';
  const vary = plain[key];
  if (varyNames(vary).includes(value.toLowerCase())) return;
  plain[key] = vary === undefined ? value : `${vary}, ${value}`;
}

function varyNames(vary: string | null | undefined): string[] {
  return (vary ?? '').split(',').map((name) => name.trim().toLowerCase());
}

/** The headers of an error answer, before the edge's and the rate limit's. */
export function errorHeadersOf(error: ApiError): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...error.headers,
  };
}

export function errorResponse(error: ApiError, requestId: string): Response {
  return plainResponse(errorBody(error, requestId), error.status, errorHeadersOf(error));
}

/**
 * A 200 JSON answer. The body goes out as one Buffer (encoded once here when given as a
 * string), its length known for Content-Length without a second pass over the string.
 */
export function jsonResponse(body: string | Buffer): Response {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return plainResponse(bytes, 200, jsonHeaders());
}

/** The headers of a 200 JSON answer, before the edge's and the rate limit's. */
export function jsonHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
}
