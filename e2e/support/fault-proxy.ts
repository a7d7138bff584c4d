import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A misbehaving Workspace Data Service for the e2e tests, made from the real one: every
 * request goes on to the reference server (the one e2e/global-setup.ts started) and its
 * real reply comes back, except where a test's rule breaks it on the way: a status
 * instead of the reply, a truncated or item-less body, a connection cut mid-body, a
 * redirect, or a rewritten body (a repeated next_cursor, a record sent twice). Nothing is
 * invented: the rows are the server's. See e2e/README.md.
 */

export interface ProxiedRequest {
  method: string;
  /** Path without the query, e.g. /api/public/v1/tables/<id>/records */
  path: string;
  query: URLSearchParams;
  /** The table id of a records list request, else null. */
  recordsOf: string | null;
  /** The resource of a list request other than records ('tables', 'skills', …), else null. */
  listOf: ListResource | null;
}

export type ListResource = 'tables' | 'skills' | 'tasks' | 'pages' | 'projects';

export type ListBody = Record<string, unknown> & { next_cursor?: string | null };

export type Fault =
  /** Answer with this status (and headers) instead: 500, 429 with or without Retry-After. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  /** The real JSON body cut in half: a 200 that does not parse. */
  | { kind: 'truncate' }
  /** A 200 whose item array was taken out. */
  | { kind: 'drop-items' }
  /** Headers and half the body, then the socket is destroyed. */
  | { kind: 'cut' }
  /** A 302 to the same URL (this client never follows redirects). */
  | { kind: 'redirect' }
  /** The real JSON body, changed: repeat a cursor, duplicate a record. */
  | { kind: 'rewrite'; change: (body: ListBody) => ListBody }
  /** Forward the request without some query parameters: a service that ignores them. */
  | { kind: 'forward-without'; parameter: (name: string) => boolean }
  /** The real reply, held back until `until` settles: a slow service, under the test's control. */
  | { kind: 'hold'; until: Promise<unknown> }
  /**
   * A list that never ends: whatever cursor is asked for, the list's first page again
   * (the request is forwarded without `cursor`), always with a next_cursor. `cursors`:
   * 'same' (default) hands out one next_cursor forever (the first page's own, or
   * LOOP_CURSOR when the list fits one page); 'fresh' a new one each reply, so only the
   * repeated items give the loop away. `empty: true` answers every page with no items
   * (and fresh cursors): a list that never moves.
   */
  | { kind: 'loop'; cursors?: 'same' | 'fresh'; empty?: boolean };

/** The next_cursor a looping list hands out when its first page had none. */
export const LOOP_CURSOR = 'e2e-loop';

export interface FaultRule {
  when: (request: ProxiedRequest) => boolean;
  fault: Fault;
  /** How many matching requests to break (default: all of them, until removed). */
  times?: number;
}

export interface FaultProxy {
  /** The proxy's own origin, e.g. http://127.0.0.1:41234: the dashboard's Service URL. */
  url: string;
  /** Every request seen, in order (preflights included). */
  requests: ProxiedRequest[];
  /** Adds a rule; returns a function that removes it. Rules are tried in order. */
  add(rule: FaultRule): () => void;
  /** How many requests the rules broke so far. */
  readonly broken: number;
  /** Removes every rule and forgets the requests seen: from now on everything passes through. */
  clear(): void;
  /**
   * Resolves once no request has arrived for `quietMs` (the page has stopped asking);
   * rejects after `timeoutMs` if requests keep coming (a request storm never goes quiet).
   */
  quiet(options?: { quietMs?: number; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  /** Where the real service is: the reference server's origin. */
  upstream: string;
  /** false strips every Access-Control-* header: a service without CORS. */
  cors?: boolean;
}

const RECORDS_PATH = /^\/api\/public\/v1\/tables\/([^/]+)\/records$/;
/** Skills answer at /v1/skills too (the dashboard tries both). */
const LIST_PATH = /^(?:\/api\/public)?\/v1\/(tables|skills|tasks|pages|projects)$/;
/** Headers that describe the upstream's transfer, not the reply; recomputed here. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);

/** A records-list rule for one table and cursor (null = the first page). */
export function recordsPage(tableId: string, cursor: string | null | undefined = undefined) {
  return (request: ProxiedRequest) =>
    request.method === 'GET' &&
    request.recordsOf === tableId &&
    (cursor === undefined || request.query.get('cursor') === cursor);
}

/** A list request (GET) for `resource`, or for any of them; records lists excluded. */
export function listPage(resource?: ListResource) {
  return (request: ProxiedRequest) =>
    request.method === 'GET' &&
    request.listOf !== null &&
    (resource === undefined || request.listOf === resource);
}

/** Replaces next_cursor: a service that hands out a cursor it already handed out. */
export function withNextCursor(cursor: string): Fault {
  return { kind: 'rewrite', change: (body) => ({ ...body, next_cursor: cursor }) };
}

/** Puts `record` (one the service already sent) first in the page's records. */
export function withRecordAgain(record: unknown): Fault {
  return {
    kind: 'rewrite',
    change: (body) => ({
      ...body,
      records: [record, ...(Array.isArray(body.records) ? body.records.slice(1) : [])],
    }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const upstream = new URL(options.upstream).origin;
  const cors = options.cors ?? true;
  let rules: { rule: FaultRule; left: number }[] = [];
  const requests: ProxiedRequest[] = [];
  let broken = 0;
  let lastRequestAt = Date.now();
  let loopCount = 0;

  function replyHeaders(headers: Headers): Record<string, string> {
    const out: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (HOP_HEADERS.has(name)) return;
      if (!cors && name.startsWith('access-control-')) return;
      out[name] = value;
    });
    return out;
  }

  function corsHeaders(): Record<string, string> {
    if (!cors) return {};
    return {
      'access-control-allow-origin': '*',
      'access-control-expose-headers':
        'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id',
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://proxy.invalid');
    const proxied: ProxiedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      recordsOf: RECORDS_PATH.exec(url.pathname)?.[1] ?? null,
      listOf: (LIST_PATH.exec(url.pathname)?.[1] as ListResource | undefined) ?? null,
    };
    if (proxied.recordsOf) proxied.recordsOf = decodeURIComponent(proxied.recordsOf);
    requests.push(proxied);
    lastRequestAt = Date.now();

    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === 'host' || HOP_HEADERS.has(name) || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set('accept-encoding', 'identity');
    const body = await readBody(request);
    const match = rules.find((entry) => entry.left > 0 && entry.rule.when(proxied));
    if (match?.rule.fault.kind === 'hold') await match.rule.fault.until.catch(() => undefined);
    let search = url.search;
    const fault = match?.rule.fault;
    const drop =
      fault?.kind === 'forward-without'
        ? fault.parameter
        : fault?.kind === 'loop'
          ? (name: string) => name === 'cursor'
          : null;
    if (drop) {
      const forwarded = new URLSearchParams(url.search);
      for (const name of [...forwarded.keys()]) if (drop(name)) forwarded.delete(name);
      search = forwarded.size > 0 ? `?${forwarded}` : '';
    }
    const answer = await fetch(`${upstream}${url.pathname}${search}`, {
      method: proxied.method,
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    });
    const text = await answer.text();
    const outHeaders = replyHeaders(answer.headers);

    if (!match) {
      response.writeHead(answer.status, outHeaders);
      response.end(text);
      return;
    }
    match.left -= 1;
    broken += 1;
    const broke = match.rule.fault;
    switch (broke.kind) {
      case 'status': {
        const faultBody = JSON.stringify(
          broke.body ?? {
            error: {
              code: broke.status === 429 ? 'rate_limited' : 'internal_error',
              message: `Injected ${broke.status} by the e2e fault proxy.`,
            },
          },
        );
        response.writeHead(broke.status, {
          'content-type': 'application/json',
          ...corsHeaders(),
          ...broke.headers,
        });
        response.end(faultBody);
        return;
      }
      case 'truncate':
        response.writeHead(200, outHeaders);
        response.end(text.slice(0, Math.floor(text.length / 2)));
        return;
      case 'drop-items': {
        const parsed = JSON.parse(text) as ListBody;
        response.writeHead(200, outHeaders);
        response.end(JSON.stringify({ next_cursor: parsed.next_cursor ?? null }));
        return;
      }
      case 'cut': {
        const bytes = Buffer.from(text);
        response.writeHead(200, { ...outHeaders, 'content-length': String(bytes.length) });
        response.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
          // Let the first half reach the browser, then end the connection without the rest.
          setTimeout(() => response.socket?.destroy(), 50);
        });
        return;
      }
      case 'redirect':
        response.writeHead(302, { ...corsHeaders(), location: `${url.pathname}${url.search}` });
        response.end();
        return;
      case 'forward-without':
      case 'hold':
        response.writeHead(answer.status, outHeaders);
        response.end(text);
        return;
      case 'rewrite': {
        const changed = JSON.stringify(broke.change(JSON.parse(text) as ListBody));
        response.writeHead(answer.status, outHeaders);
        response.end(changed);
        return;
      }
      case 'loop': {
        const parsed = JSON.parse(text) as ListBody;
        if (answer.status !== 200) {
          response.writeHead(answer.status, outHeaders);
          response.end(text);
          return;
        }
        loopCount += 1;
        const fresh = broke.cursors === 'fresh' || broke.empty === true;
        const looped: ListBody = {
          ...parsed,
          next_cursor: fresh ? `${LOOP_CURSOR}-${loopCount}` : (parsed.next_cursor ?? LOOP_CURSOR),
        };
        if (broke.empty) {
          for (const [name, value] of Object.entries(parsed)) {
            if (Array.isArray(value)) looped[name] = [];
          }
        }
        response.writeHead(200, outHeaders);
        response.end(JSON.stringify(looped));
        return;
      }
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain', ...corsHeaders() });
      }
      response.end(`fault proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    add(rule) {
      const entry = { rule, left: rule.times ?? Number.POSITIVE_INFINITY };
      rules.push(entry);
      return () => {
        rules = rules.filter((other) => other !== entry);
      };
    },
    get broken() {
      return broken;
    },
    async quiet({ quietMs = 1_500, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const idleFor = Date.now() - lastRequestAt;
        if (idleFor >= quietMs) return;
        if (Date.now() >= deadline) {
          throw new Error(
            `fault proxy: still receiving requests after ${timeoutMs} ms (${requests.length} so far)`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - idleFor, 250)));
      }
    },
    clear() {
      rules = [];
      requests.length = 0;
      broken = 0;
      loopCount = 0;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
