import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config';
import { isBusyError } from '../db/workspace-db';
import type { AppEnv } from './context';
import { ApiError, errorBody, INTERNAL_ERROR_MESSAGE, serviceUnavailable } from './errors';
import { LogSampler } from './log-sampler';

export const EXPOSED_HEADERS =
  'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Request ids: a random per-process prefix and a counter, cheaper than random bytes per call. */
const requestIdPrefix = `req_${randomBytes(6).toString('hex')}`;
let requestCounter = 0;

function nextRequestId(): string {
  requestCounter += 1;
  return `${requestIdPrefix}${requestCounter.toString(36).padStart(6, '0')}`;
}

/** Anything shaped like a key (ours `svc_live_…`, Onnie's `onn_live_…`, §5) is masked in logs. */
const KEY_LIKE = /([A-Za-z0-9]+_live_)[A-Za-z0-9_-]*/g;

/**
 * Statuses a client can produce at will (wrong keys, over its limit): their log lines
 * are sampled, at most LOG_SAMPLE_LINES per status per LOG_SAMPLE_WINDOW_MS; the next
 * line logged says how many were left out.
 */
const SAMPLED_STATUSES = new Set([401, 429]);
const LOG_SAMPLE_LINES = 20;
const LOG_SAMPLE_WINDOW_MS = 60_000;

/**
 * The outermost middleware: request id, the headers every response carries (§7), CORS
 * (also on errors and 404s), and one JSON log line per request.
 */
export function edge(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const anyOrigin = config.corsOrigins.includes('*');
  const allowedOrigins = new Set(config.corsOrigins);
  const sampler = new LogSampler(LOG_SAMPLE_LINES, LOG_SAMPLE_WINDOW_MS);
  return async (c, next) => {
    const started = performance.now();
    const requestId = nextRequestId();
    c.set('requestId', requestId);
    await next();
    const headers = c.res.headers;
    headers.set('X-Request-Id', requestId);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (anyOrigin) {
      headers.set('Access-Control-Allow-Origin', '*');
    } else {
      headers.append('Vary', 'Origin');
      const origin = c.req.header('origin');
      if (origin !== undefined && allowedOrigins.has(origin)) {
        headers.set('Access-Control-Allow-Origin', origin);
      }
    }
    if (c.req.method === 'OPTIONS' && c.res.status === 204) {
      headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      headers.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      headers.set('Access-Control-Max-Age', '7200');
    } else {
      headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (config.logRequests) {
      const status = c.res.status;
      let suppressed = 0;
      if (SAMPLED_STATUSES.has(status)) {
        const sample = sampler.take(status, config.now());
        if (!sample.log) return;
        suppressed = sample.suppressed;
      }
      const line: Record<string, unknown> = {
        time: new Date().toISOString(),
        request_id: requestId,
        method: c.req.method,
        path: c.req.path.replace(KEY_LIKE, '$1[redacted]'),
        status,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      };
      if (suppressed > 0) line.similar_not_logged = suppressed;
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  };
}

/**
 * app.onError: the contract's body for ours; 503 with Retry-After when the database
 * stayed locked by another process; a bland 500 for anything else.
 */
export function errorHandler(config: Pick<ServerConfig, 'verbose'>) {
  return (error: Error, c: Context<AppEnv>): Response => {
    const requestId = c.get('requestId') ?? 'req_unknown';
    if (error instanceof ApiError) return errorResponse(error, requestId);
    if (isBusyError(error)) return errorResponse(serviceUnavailable(), requestId);
    // Only the error's class unless --verbose: its message may quote SQL or a file path.
    const line: Record<string, unknown> = {
      level: 'error',
      request_id: requestId,
      error: error.name,
    };
    if (config.verbose) line.stack = error.stack ?? String(error);
    console.error(JSON.stringify(line));
    return errorResponse(new ApiError('internal_error', INTERNAL_ERROR_MESSAGE), requestId);
  };
}

/** The handler without --verbose, for apps built without a config. */
export const handleError = errorHandler({ verbose: false });

export function errorResponse(error: ApiError, requestId: string): Response {
  return new Response(errorBody(error, requestId), {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...error.headers,
    },
  });
}

export function jsonResponse(body: string): Response {
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
