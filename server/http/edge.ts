import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from './context';
import { ApiError, errorBody, INTERNAL_ERROR_MESSAGE } from './errors';

const EXPOSED_HEADERS =
  'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id';
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Request ids: a random per-process prefix and a counter, cheaper than random bytes per call. */
const requestIdPrefix = `req_${randomBytes(6).toString('hex')}`;
let requestCounter = 0;

function nextRequestId(): string {
  requestCounter += 1;
  return `${requestIdPrefix}${requestCounter.toString(36).padStart(6, '0')}`;
}

/** Anything shaped like one of our keys is masked before a path is logged. */
const KEY_LIKE = /svc_live_[0-9a-zA-Z]*/g;

/**
 * The outermost middleware: request id, the headers every response carries (§7), CORS
 * (also on errors and 404s), and one JSON log line per request.
 */
export function edge(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const anyOrigin = config.corsOrigins.includes('*');
  const allowedOrigins = new Set(config.corsOrigins);
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
      const line = {
        time: new Date().toISOString(),
        request_id: requestId,
        method: c.req.method,
        path: c.req.path.replace(KEY_LIKE, 'svc_live_[redacted]'),
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  };
}

/** app.onError: the contract's body for ours, a bland 500 for anything else. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const requestId = c.get('requestId') ?? 'req_unknown';
  const apiError =
    error instanceof ApiError ? error : new ApiError('internal_error', INTERNAL_ERROR_MESSAGE);
  if (!(error instanceof ApiError)) {
    // Only the error's class: its message may quote SQL or a file path.
    console.error(JSON.stringify({ level: 'error', request_id: requestId, error: error.name }));
  }
  return errorResponse(apiError, requestId);
}

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
