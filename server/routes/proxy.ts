import { Hono } from 'hono';
import { API_PATHS, mountPreflightAndMethodGuard } from '../app';
import type { ServerConfig } from '../config';
import { compressReplies } from '../http/compression';
import type { AppEnv } from '../http/context';
import { Edge, edge, errorResponse, handleError } from '../http/edge';
import { notFound } from '../http/errors';
import { dashboardRoutes } from './dashboard';

/** Request headers passed to the upstream; everything else (cookies, origin…) stays here. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'accept', 'if-none-match'];
/** Response headers passed back; the edge middleware adds CORS and our request id. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'www-authenticate',
  'allow',
  'x-request-id',
];
const UPSTREAM_TIMEOUT_MS = 15_000;

/**
 * `--proxy <upstream>`: the dashboard plus the contract's read paths forwarded unchanged
 * (Authorization passed through, never logged). Any other path or method is refused here
 * in the contract's error shape, so the proxy can't be used to reach anything else.
 */
export function createProxyApp({
  upstream,
  config,
  fetchUpstream = fetch,
}: {
  upstream: string;
  config: ServerConfig;
  fetchUpstream?: typeof fetch;
}): Hono<AppEnv> {
  const base = upstream.replace(/\/+$/, '');
  const app = new Hono<AppEnv>();
  app.use('*', edge(new Edge(config)));
  // fetch() hands the upstream's reply decoded; it is compressed again for the browser.
  app.use('*', compressReplies());
  app.onError(handleError);
  app.notFound((c) => errorResponse(notFound(), c.get('requestId')));

  for (const path of API_PATHS) {
    app.get(path, async (c) => {
      const url = new URL(c.req.url);
      const headers = new Headers();
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) headers.set(name, value);
      }
      let answer: Response;
      try {
        answer = await fetchUpstream(`${base}${url.pathname}${url.search}`, {
          method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
      } catch {
        return upstreamUnreachable(c.get('requestId'));
      }
      const copied = new Headers();
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = answer.headers.get(name);
        if (value === null) continue;
        copied.set(name === 'x-request-id' ? 'X-Upstream-Request-Id' : name, value);
      }
      // A fresh Response: fetch() responses have immutable headers.
      return new Response(answer.body, { status: answer.status, headers: copied });
    });
  }
  mountPreflightAndMethodGuard(app);
  if (config.dashboardDir !== null) app.route('/', dashboardRoutes(config));
  return app;
}

function upstreamUnreachable(requestId: string): Response {
  const body = {
    error: {
      code: 'internal_error',
      message: 'The upstream service did not answer. Try again in a moment.',
      request_id: requestId,
    },
  };
  return new Response(JSON.stringify(body), {
    status: 502,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
