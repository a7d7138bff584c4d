import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp, fastPathOf } from '../app';
import { defaultServerConfig, type ServerConfig } from '../config';
import { createApiKey, SCOPES, type Scope } from '../db/api-keys';
import { initializeWorkspaceDb } from '../db/initialize';
import { WorkspaceDb } from '../db/workspace-db';
import type { AppEnv } from '../http/context';
import { createNodeServer } from '../http/node-server';
import { buildApiDocument } from '../openapi/document';
import { type ResponseChecker, responseChecker } from '../openapi/response-check';
import { seedDemo, WORKSPACES } from '../seed/demo-seed';

/** A real database file in a temp dir, seeded small, with an app built on it. */
export interface TestServer {
  dir: string;
  db: WorkspaceDb;
  app: Hono<AppEnv>;
  /** All read scopes on acme. */
  acmeKey: string;
  globexKey: string;
  key(workspace: 'acme' | 'globex', scopes: Scope[], name?: string): string;
  /**
   * A request over a real socket to the node server main.ts runs (the records fast path
   * included), listening on 127.0.0.1 from the first call; checked against the OpenAPI
   * document. `app.request()` is the way to Hono alone.
   */
  get(
    path: string,
    init?: { key?: string | null; headers?: Record<string, string>; method?: string },
  ): Promise<Response>;
  close(): void;
}

export const TEST_ORDER_COUNT = 300;

export function startTestServer(
  options: { config?: Partial<ServerConfig>; orders?: number } = {},
): TestServer {
  const dir = mkdtempSync(join(tmpdir(), 'wds-test-'));
  const db = new WorkspaceDb(join(dir, 'test.sqlite'));
  initializeWorkspaceDb(db, (fresh) =>
    seedDemo(fresh, { orders: options.orders ?? TEST_ORDER_COUNT }),
  );
  // A bucket big enough that a test file never trips the limiter unless it asks to.
  const config = defaultServerConfig({ rateLimitBurst: 1_000_000, ...options.config });
  const app = createApp({ db, config });
  const key = (workspace: 'acme' | 'globex', scopes: Scope[], name = 'test') =>
    createApiKey(db, { workspaceId: WORKSPACES[workspace].id, name, scopes });
  const acmeKey = key('acme', [...SCOPES], 'acme-all');
  let listening: Promise<Listening> | undefined;
  const globexKey = key('globex', [...SCOPES], 'globex-all');
  return {
    dir,
    db,
    app,
    acmeKey,
    globexKey,
    key,
    get: async (path, init = {}) => {
      const headers: Record<string, string> = { ...init.headers };
      const usedKey = init.key === undefined ? acmeKey : init.key;
      if (usedKey !== null) headers.Authorization = `Bearer ${usedKey}`;
      listening ??= listen(app);
      const response = await requestOverHttp(await listening, path, init.method ?? 'GET', headers);
      await expectDocumented(init.method ?? 'GET', path, response);
      return response;
    },
    close: () => {
      void listening?.then(({ server }) => {
        server.closeAllConnections();
        server.close();
      });
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Listening {
  server: Server;
  port: number;
  agent: Agent;
}

/** The app as main.ts serves it: the node server with the app's fast path. */
function listen(app: Hono<AppEnv>): Promise<Listening> {
  const server = createNodeServer(app.fetch, {}, fastPathOf(app));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, port, agent: new Agent({ keepAlive: true }) });
    });
  });
}

/**
 * One request with node:http, which sends only the headers given (fetch would add
 * Accept-Encoding and decode the body). The path is normalized as app.request() does,
 * through the URL parser.
 */
function requestOverHttp(
  { port, agent }: Listening,
  path: string,
  method: string,
  headers: Record<string, string>,
): Promise<Response> {
  const url = new URL(path, 'http://localhost');
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, agent, method, path: `${url.pathname}${url.search}`, headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          const empty = method === 'HEAD' || status === 204 || status === 304;
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              headers: responseHeaders,
            }),
          );
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

let checker: ResponseChecker | null = null;

/** Every request a server test sends (but OPTIONS) is also checked against the OpenAPI document. */
export async function expectDocumented(
  method: string,
  path: string,
  response: Response,
): Promise<void> {
  checker ??= responseChecker(buildApiDocument());
  const body = await response.clone().text();
  const problems = checker.problems(method, path, response.status, body, response.headers);
  if (problems !== null && problems.length > 0) {
    throw new Error(
      `${method} ${path} answered in a way the OpenAPI document (server/openapi/) does not describe:\n${problems.join('\n')}`,
    );
  }
}

/** The contract's error body (§6), checked field by field. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { param?: string; reason?: string; scope?: string };
    request_id: string;
  };
}

export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  const body = (await response.json()) as ErrorBody;
  return body.error;
}
