import type { IncomingMessage, ServerResponse } from 'node:http';
import { recordsPageBody } from '../routes/tables';
import { compressPlainReply, type PlainReply } from './compression';
import type { AppDeps } from './context';
import {
  apiErrorOf,
  type Edge,
  errorHeadersOf,
  jsonHeaders,
  nextRequestId,
  PlainHeaderSink,
} from './edge';
import { errorBody } from './errors';
import { type Authorized, authorize } from './guard';

/**
 * A handler tried before the Hono app on the node server: it answers and returns true, or
 * returns false and leaves the request to Hono untouched. Synchronous, and never throws.
 */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The records list in the plain form clients send: a table id of letters, digits and
 * dashes, a query of printable ASCII without `#` or `\`. Anything else (percent-encoded
 * or dot segments, a trailing slash, a fragment) goes to Hono, whose URL handling it
 * needs. The query is read exactly as Hono's `c.req.url` would give it: the URL parser
 * only percent-encodes characters here that URLSearchParams decodes back.
 */
const RECORDS_URL =
  /^\/api\/public\/v1\/tables\/([0-9A-Za-z-]{1,64})\/records(?:\?([!"$-[\]-~]*))?$/;

/** Host headers @hono/node-server takes as they are (its own check, copied). */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const hostVerdicts = new Map<string, boolean>();
const MAX_HOST_VERDICTS = 64;

/**
 * Whether @hono/node-server would accept this Host header (it answers 400 to a missing one,
 * or to one the URL parser rewrites, like `127.1`). Other hosts are checked the way it
 * does, once, and the verdict kept; a host it might refuse goes to Hono.
 */
function adapterAcceptsHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  if (PLAIN_HOST.test(host)) return true;
  let verdict = hostVerdicts.get(host);
  if (verdict === undefined) {
    verdict = false;
    if (/^[A-Za-z0-9._-]+(?::\d{1,5})?$/.test(host)) {
      try {
        const parsed = new URL(`http://${host}/`);
        verdict = parsed.hostname === host.replace(/:\d+$/, '').toLowerCase();
      } catch {
        verdict = false;
      }
    }
    // Hosts are the client's to choose: the verdicts kept stay few.
    if (hostVerdicts.size >= MAX_HOST_VERDICTS) hostVerdicts.clear();
    hostVerdicts.set(host, verdict);
  }
  return verdict;
}

/**
 * Whether the request is only its head. The fast path answers at once, while the body of
 * a request is parsed after the 'request' event: a body Node's parser then refuses
 * (`Transfer-Encoding: identity`, a bad chunk size) would find a page already sent. Hono
 * answers a tick later, after Node's own 400 has closed the connection, so every request
 * with a body or its framing (any Transfer-Encoding, a Content-Length but 0) goes there.
 */
function withoutBody(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/** A request header the way Hono reads Authorization: every copy, joined by ", ". */
function joinedHeader(rawHeaders: string[], lowerName: string): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) {
      const item = (rawHeaders[i + 1] as string).trim();
      value = value === undefined ? item : `${value}, ${item}`;
    }
  }
  return value;
}

/**
 * GET /api/public/v1/tables/{tableId}/records without the Web Request and Response objects,
 * the router and the middleware chain: the same steps as the Hono route, from the same
 * functions (edge headers and log line, authorize, the page body, the error mapping), in
 * the same order, written straight to Node's response. The dashboard's grid and every
 * benchmark's sorted, filtered page come this way; decision 025 says why and what keeps
 * the two paths alike (server/http/records-fast-path.test.ts compares them).
 */
export function recordsFastPath(deps: AppDeps, edge: Edge): FastPath {
  return (request, response) => {
    if (request.method !== 'GET' || !withoutBody(request)) return false;
    const url = request.url ?? '';
    const match = RECORDS_URL.exec(url);
    if (match === null || !adapterAcceptsHost(request.headers.host)) return false;
    const query = match[2];
    const started = performance.now();
    const requestId = nextRequestId();
    const path = query === undefined ? url : url.slice(0, url.length - query.length - 1);
    let compressing: Promise<void> | undefined;
    try {
      compressing = answer(deps, edge, request, response, requestId, match[1] as string, query);
    } catch (error) {
      fail(deps, response, requestId, error);
    }
    if (compressing === undefined) {
      edge.log(requestId, 'GET', path, response.statusCode, started);
    } else {
      compressing
        .catch((error: unknown) => fail(deps, response, requestId, error))
        .finally(() => edge.log(requestId, 'GET', path, response.statusCode, started));
    }
    return true;
  };
}

/** Nothing in answer() should throw; if something does, the client still gets an answer. */
function fail(deps: AppDeps, response: ServerResponse, requestId: string, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const refusal = apiErrorOf(error, deps.config, requestId);
  send(response, refusal.status, errorHeadersOf(refusal), [
    Buffer.from(errorBody(refusal, requestId)),
  ]);
}

interface Outcome {
  status: number;
  headers: Record<string, string>;
  body: Buffer[];
}

/** Answers the request; a promise only while a body too large to compress at once is. */
function answer(
  deps: AppDeps,
  edge: Edge,
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  tableId: string,
  query: string | undefined,
): Promise<void> | undefined {
  // One read transaction for the key check and the page: the data_version check at its
  // start (authorize) then costs no lock of its own.
  const outcome = deps.db.read(() => outcomeOf(deps, request, requestId, tableId, query));
  if (outcome.status !== 200) {
    finish(edge, request, response, requestId, outcome.status, outcome);
    return undefined;
  }
  // As the compression middleware does inside the edge, for the Hono routes.
  const reply = compressPlainReply(outcome, request.headers['accept-encoding']);
  if (reply instanceof Promise) {
    return reply.then((compressed) => finish(edge, request, response, requestId, 200, compressed));
  }
  finish(edge, request, response, requestId, 200, reply);
  return undefined;
}

/** The edge's headers, then the reply. */
function finish(
  edge: Edge,
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  status: number,
  { headers, body }: PlainReply,
): void {
  edge.addHeaders(
    new PlainHeaderSink(headers),
    requestId,
    'GET',
    status,
    edge.readsOrigin ? request.headers.origin : undefined,
  );
  send(response, status, headers, body);
}

function outcomeOf(
  deps: AppDeps,
  request: IncomingMessage,
  requestId: string,
  tableId: string,
  query: string | undefined,
): Outcome {
  let authorized: Authorized;
  try {
    authorized = authorize(
      deps,
      'tables:read',
      joinedHeader(request.rawHeaders, 'authorization'),
      request.socket.remoteAddress ?? 'local',
    );
  } catch (error) {
    return refusalOf(deps, error, requestId);
  }
  let outcome: Outcome;
  try {
    const params = new URLSearchParams(query ?? '');
    const body = recordsPageBody(deps, tableId, authorized.identity, params);
    outcome = { status: 200, headers: jsonHeaders(), body };
  } catch (error) {
    outcome = refusalOf(deps, error, requestId);
  }
  // As the guard middleware does after the route: on the page and on the route's errors.
  const { rateHeaders } = authorized;
  for (const name in rateHeaders) outcome.headers[name] = rateHeaders[name] as string;
  return outcome;
}

function refusalOf(deps: AppDeps, error: unknown, requestId: string): Outcome {
  const refusal = apiErrorOf(error, deps.config, requestId);
  return {
    status: refusal.status,
    headers: errorHeadersOf(refusal),
    body: [Buffer.from(errorBody(refusal, requestId))],
  };
}

/** One writev for the head and every piece of the body. */
function send(
  response: ServerResponse,
  status: number,
  headers: Record<string, string>,
  pieces: Buffer[],
): void {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  headers['Content-Length'] = String(length);
  response.writeHead(status, headers);
  response.cork();
  const last = pieces.length - 1;
  for (let i = 0; i < last; i++) response.write(pieces[i]);
  response.end(pieces[last]);
  response.uncork();
}
