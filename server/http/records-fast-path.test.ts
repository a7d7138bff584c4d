import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastPathOf } from '../app';
import { revokeApiKeys } from '../db/api-keys';
import { stableUuid } from '../db/ids';
import { createTableViews } from '../db/table-views';
import { WorkspaceDb } from '../db/workspace-db';
import { TABLE_IDS } from '../seed/demo-seed';
import { VIEW_IDS } from '../seed/demo-views';
import { rawExchange, rawRequest } from '../testing/raw-request';
import { startTestServer, type TestServer } from '../testing/test-server';
import { createNodeServer } from './node-server';
import type { FastPath } from './records-fast-path';

// The records list is answered by a fast path beside Hono (decision 025). Each request
// here goes to two node servers over one app: one with the fast path, one with Hono
// alone. Both must answer alike, byte for byte but for the request id and the clock.

interface Pair {
  server: TestServer;
  fast: string;
  hono: string;
  fastAnswers: () => number;
}

const opened: Server[] = [];
const pairs: TestServer[] = [];

async function listen(server: Server): Promise<string> {
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function pairOf(config: Parameters<typeof startTestServer>[0] = {}): Promise<Pair> {
  const server = startTestServer({ orders: 60, ...config });
  pairs.push(server);
  const fastPath = fastPathOf(server.app) as FastPath;
  let answered = 0;
  const counting: FastPath = (request, response) => {
    const done = fastPath(request, response);
    if (done) answered += 1;
    return done;
  };
  return {
    server,
    fast: await listen(createNodeServer(server.app.fetch, {}, counting)),
    hono: await listen(createNodeServer(server.app.fetch)),
    fastAnswers: () => answered,
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request: the path and headers go out exactly as given. */
async function send(
  hostAndPort: string,
  path: string,
  headers: Record<string, string | string[]>,
  method = 'GET',
): Promise<Answer> {
  const [host = '', port = ''] = hostAndPort.split(':');
  const reply = await rawRequest({ host, port, path }, headers, method);
  // latin1: one character per byte, so compressed bodies compare exactly too.
  return { ...reply, body: reply.body.toString('latin1') };
}

/** What may differ between two answers to the same request: the request id and the clock. */
function comparable(answer: Answer, requestId: string | undefined): unknown {
  const headers: Record<string, unknown> = { ...answer.headers };
  delete headers.date;
  delete headers['x-request-id'];
  for (const name of [
    'ratelimit-remaining',
    'ratelimit-reset',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
  ]) {
    if (name in headers) headers[name] = 'present';
  }
  const body = requestId === undefined ? answer.body : answer.body.replaceAll(requestId, 'req');
  return { status: answer.status, headers, body };
}

async function expectAlike(
  pair: Pair,
  path: string,
  headers: Record<string, string | string[]>,
  method = 'GET',
): Promise<Answer> {
  const fast = await send(pair.fast, path, headers, method);
  const hono = await send(pair.hono, path, headers, method);
  // Both have a request id, or neither (the node adapter's own 400 for a bad Host has none).
  expect(typeof fast.headers['x-request-id']).toBe(typeof hono.headers['x-request-id']);
  expect(comparable(fast, fast.headers['x-request-id'] as string)).toEqual(
    comparable(hono, hono.headers['x-request-id'] as string),
  );
  return fast;
}

/**
 * The same bytes over raw TCP to both servers: every response each wrote, and whether it
 * then closed the connection, must be alike.
 */
async function expectAlikeOnWire(
  pair: Pair,
  bytes: string,
): Promise<{ statuses: number[]; closed: boolean }> {
  const exchange = async (hostAndPort: string) => {
    const [host = '', port = ''] = hostAndPort.split(':');
    const { replies, closed } = await rawExchange({ host, port }, bytes);
    const answers = replies.map((reply) => {
      const answer = { ...reply, body: reply.body.toString('latin1') };
      return comparable(answer, answer.headers['x-request-id'] as string | undefined);
    });
    return { answers, closed, statuses: replies.map((reply) => reply.status) };
  };
  const fast = await exchange(pair.fast);
  const hono = await exchange(pair.hono);
  expect({ answers: fast.answers, closed: fast.closed }, bytes).toEqual({
    answers: hono.answers,
    closed: hono.closed,
  });
  return { statuses: fast.statuses, closed: fast.closed };
}

let pair: Pair;
let restrictedPair: Pair;
let key: string;

beforeAll(async () => {
  pair = await pairOf();
  restrictedPair = await pairOf({ config: { corsOrigins: ['https://app.example.com'] } });
  key = pair.server.acmeKey;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const server of opened) server.closeAllConnections();
  await Promise.all(opened.map((server) => new Promise((resolve) => server.close(resolve))));
  for (const server of pairs) server.close();
});

const ORDERS = `/api/public/v1/tables/${TABLE_IDS.orders}/records`;

describe('the records fast path answers as the Hono route does', () => {
  it('pages, sorts, filters, views and cursors: same status, headers and bytes', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const before = pair.fastAnswers();
    const first = await expectAlike(pair, `${ORDERS}?limit=7&sort=amount:desc`, auth);
    expect(first.status).toBe(200);
    expect(first.headers['x-request-id']).toMatch(/^req_/);
    const { next_cursor: cursor } = JSON.parse(first.body) as { next_cursor: string };
    const paths = [
      ORDERS,
      `${ORDERS}?`,
      `${ORDERS}?limit=500`,
      `${ORDERS}?limit=7&sort=amount:desc&cursor=${encodeURIComponent(cursor)}`,
      `${ORDERS}?sort=ordered_at:desc&filter%5Bstatus%5D=paid&filter%5Bpaid%5D=true&limit=5`,
      `${ORDERS}?sort=email&filter[status]=paid`,
      `${ORDERS}?view=${VIEW_IDS.paidBiggestFirst}&limit=3`,
      `${ORDERS}?filter[notes]=Gr%C3%B6%C3%9Fe&limit=3`,
      `${ORDERS}?filter[notes]=a+b's&limit=3`,
      `/api/public/v1/tables/${TABLE_IDS.customers}/records?limit=2`,
    ];
    for (const path of paths) expect((await expectAlike(pair, path, auth)).status).toBe(200);
    expect(pair.fastAnswers() - before).toBe(paths.length + 1);
  });

  it('refuses bad parameters with the same contract errors and rate limit headers', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const refusals: [string, number][] = [
      [`${ORDERS}?limit=0`, 400],
      [`${ORDERS}?limit=1&limit=2`, 400],
      [`${ORDERS}?cursor=nope`, 400],
      [`${ORDERS}?sort=amount:sideways`, 400],
      [`${ORDERS}?sort=nope`, 400],
      [`${ORDERS}?filter[nope]=1`, 400],
      [`${ORDERS}?filter[amount]=lots`, 400],
      [`${ORDERS}?filter[status]=a&filter[status]=b`, 400],
      [`${ORDERS}?view=${VIEW_IDS.allCustomers}`, 400],
      [`/api/public/v1/tables/${TABLE_IDS.shipments}/records`, 404],
      ['/api/public/v1/tables/not-a-table/records', 404],
    ];
    for (const [path, status] of refusals) {
      const answer = await expectAlike(pair, path, auth);
      expect(answer.status).toBe(status);
      expect(answer.headers['ratelimit-limit']).toBeDefined();
    }
  });

  it('refuses keys alike: none, another scheme, two headers, revoked, without tables:read', async () => {
    const limited = pair.server.key('acme', ['skills:read'], 'no-tables');
    const revoked = pair.server.key('acme', ['tables:read'], 'fast-revoked');
    const cases: [Record<string, string | string[]>, number][] = [
      [{}, 401],
      [{ Authorization: `Basic ${key}` }, 401],
      [{ Authorization: [`Bearer ${key}`, `Bearer ${key}`] }, 401],
      [{ Authorization: 'Bearer svc_live_nope' }, 401],
      [{ Authorization: `Bearer ${limited}` }, 403],
      [{ Authorization: `bearer   ${key}  ` }, 200],
    ];
    for (const [headers, status] of cases) {
      expect((await expectAlike(pair, ORDERS, headers)).status).toBe(status);
    }
    expect((await expectAlike(pair, ORDERS, { Authorization: `Bearer ${revoked}` })).status).toBe(
      200,
    );
    // As the keys CLI would, from another connection: the next request sees it.
    const other = new WorkspaceDb(join(pair.server.dir, 'test.sqlite'));
    revokeApiKeys(other, 'fast-revoked');
    other.close();
    expect((await expectAlike(pair, ORDERS, { Authorization: `Bearer ${revoked}` })).status).toBe(
      401,
    );
  });

  it('compresses as the compression middleware does: Brotli, else gzip, Vary on both', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const codings: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['*', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ];
    const before = pair.fastAnswers();
    for (const [accept, coding] of codings) {
      const headers = accept === undefined ? auth : { ...auth, 'Accept-Encoding': accept };
      const page = await expectAlike(pair, `${ORDERS}?limit=20`, headers);
      expect(page.headers['content-encoding']).toBe(coding);
      expect(page.headers.vary).toBe('Accept-Encoding');
    }
    // Under 1 KB: sent as it is, with no Vary; errors are never compressed.
    const small = await expectAlike(pair, `${ORDERS}?limit=1&filter[status]=nope`, {
      ...auth,
      'Accept-Encoding': 'br',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    const refused = await expectAlike(pair, `${ORDERS}?limit=0`, {
      ...auth,
      'Accept-Encoding': 'br',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(pair.fastAnswers() - before).toBe(codings.length + 2);
  });

  it('a view saved by another process is read on the next request (parsed lists are not kept stale)', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const viewId = stableUuid('view:fast-path:later');
    const path = `${ORDERS}?view=${viewId}&limit=500`;
    expect((await expectAlike(pair, path, auth)).status).toBe(400);
    const other = new WorkspaceDb(join(pair.server.dir, 'test.sqlite'));
    createTableViews(other, TABLE_IDS.orders, [
      {
        id: viewId,
        name: 'Refunded later',
        settings: { columns: [], widths: {}, sort: 'amount:asc', filters: { status: 'refunded' } },
      },
    ]);
    other.close();
    const page = await expectAlike(pair, path, auth);
    expect(page.status).toBe(200);
    const { records } = JSON.parse(page.body) as { records: { fields: { status: string } }[] };
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.fields.status === 'refunded')).toBe(true);
  });

  it('with named CORS origins: Vary: Origin, the origin echoed only when allowed', async () => {
    const auth = { Authorization: `Bearer ${restrictedPair.server.acmeKey}` };
    const allowed = await expectAlike(restrictedPair, ORDERS, {
      ...auth,
      Origin: 'https://app.example.com',
    });
    expect(allowed.headers.vary).toBe('Accept-Encoding, Origin');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await expectAlike(restrictedPair, ORDERS, {
      ...auth,
      Origin: 'https://evil.example',
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const refused = await expectAlike(restrictedPair, `${ORDERS}?limit=0`, {
      ...auth,
      Origin: 'https://app.example.com',
    });
    expect(refused.headers.vary).toBe('Origin');
  });

  it('leaves other forms of the path, HEAD and odd hosts to Hono, which answers them', async () => {
    const auth = { Authorization: `Bearer ${key}` };
    const before = pair.fastAnswers();
    await expectAlike(pair, `${ORDERS}/`, auth);
    await expectAlike(pair, `${ORDERS.replace('/records', '/%72ecords')}`, auth);
    await expectAlike(pair, `/api/public/v1/tables/../tables/${TABLE_IDS.orders}/records`, auth);
    await expectAlike(pair, `${ORDERS}?limit=2#here`, auth);
    await expectAlike(pair, ORDERS, auth, 'HEAD');
    // The node adapter refuses a host the URL parser rewrites (127.1 is 127.0.0.1).
    expect((await expectAlike(pair, ORDERS, { ...auth, Host: '127.1:80' })).status).toBe(400);
    expect(pair.fastAnswers()).toBe(before);
  });

  it('answers requests with a body or odd framing as Hono does, over raw TCP', async () => {
    const host = `Host: ${pair.fast}\r\nAuthorization: Bearer ${key}\r\n`;
    const get = (extra: string, body = '') =>
      `GET ${ORDERS}?limit=2 HTTP/1.1\r\n${host}${extra}\r\n${body}`;
    const before = pair.fastAnswers();
    // Node's parser refuses these after the head: 400 and a closed connection, never a page.
    const refused = [
      get('Transfer-Encoding: identity\r\n'),
      get('Transfer-Encoding: chunked\r\n', 'zz\r\nhello\r\n0\r\n\r\n'),
      get('Transfer-Encoding: chunked\r\nContent-Length: 5\r\n', '5\r\nhello\r\n0\r\n\r\n'),
    ];
    for (const bytes of refused) {
      const { statuses, closed } = await expectAlikeOnWire(pair, bytes);
      expect(statuses, bytes).toEqual([400]);
      expect(closed, bytes).toBe(true);
    }
    // A bad chunk after a good one: whatever Hono answers first, the connection is closed.
    const late = await expectAlikeOnWire(
      pair,
      get('Transfer-Encoding: chunked\r\n', '5\r\nhello\r\nnope\r\n'),
    );
    expect(late.statuses.at(-1)).toBe(400);
    expect(late.closed).toBe(true);
    // Well-framed bodies on a GET: answered (by Hono, the body unread), and the next
    // request on the connection still parsed where the body ends.
    const framed = [
      get('Content-Length: 5\r\n', 'hello'),
      get('Transfer-Encoding: gzip, chunked\r\n', '5\r\nhello\r\n0\r\n\r\n'),
      get('Transfer-Encoding: chunked\r\n', '5\r\nhello\r\n0\r\n\r\n'),
    ];
    for (const bytes of framed) {
      const { statuses } = await expectAlikeOnWire(pair, `${bytes}${get('')}`);
      expect(statuses, bytes).toEqual([200, 200]);
    }
    expect(pair.fastAnswers() - before).toBe(framed.length);
    // Content-Length: 0 is no body at all: the fast path answers, alike.
    const { statuses } = await expectAlikeOnWire(pair, get('Content-Length: 0\r\n'));
    expect(statuses).toEqual([200]);
    expect(pair.fastAnswers() - before).toBe(framed.length + 1);
  });

  it('logs one line per request, as the edge middleware does', async () => {
    const logged = await pairOf({ config: { logRequests: true } });
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const auth = { Authorization: `Bearer ${logged.server.acmeKey}` };
    await expectAlike(logged, `${ORDERS}?limit=2`, auth);
    await expectAlike(logged, `${ORDERS}?limit=2`, { Authorization: 'Bearer svc_live_nope' });
    vi.restoreAllMocks();
    const shape = ({ method, path, status }: Record<string, unknown>) => ({ method, path, status });
    expect(lines.map(shape)).toEqual([
      { method: 'GET', path: ORDERS, status: 200 },
      { method: 'GET', path: ORDERS, status: 200 },
      { method: 'GET', path: ORDERS, status: 401 },
      { method: 'GET', path: ORDERS, status: 401 },
    ]);
    expect(logged.fastAnswers()).toBe(2);
  });
});
