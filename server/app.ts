import { type Context, Hono } from 'hono';
import type { ServerConfig } from './config';
import { ApiKeyVerifier } from './db/api-keys';
import type { WorkspaceDb } from './db/workspace-db';
import { compressReplies } from './http/compression';
import type { AppDeps, AppEnv } from './http/context';
import { ALLOWED_METHODS, Edge, edge, errorHandler, errorResponse } from './http/edge';
import { ApiError, notFound } from './http/errors';
import { RateLimiter } from './http/rate-limit';
import { type FastPath, recordsFastPath } from './http/records-fast-path';
import { openApiRoutes } from './openapi/routes';
import { dashboardRoutes } from './routes/dashboard';
import { resourceRoutes } from './routes/resources';
import { tablesRoutes } from './routes/tables';

/** Every path of CONTRACT §1 and the OpenAPI documents, as Hono patterns; other methods get 405. */
export const API_PATHS = [
  '/api/public/v1/tables',
  '/api/public/v1/tables/:tableId',
  '/api/public/v1/tables/:tableId/records',
  '/api/public/v1/tables/:tableId/records/:recordId',
  '/api/public/v1/openapi.json',
  '/api/public/v1/tables/:tableId/openapi.json',
  '/v1/skills',
  '/v1/skills/:id',
  '/api/public/v1/skills',
  '/api/public/v1/skills/:id',
  '/api/public/v1/tasks',
  '/api/public/v1/tasks/:id',
  '/api/public/v1/pages',
  '/api/public/v1/pages/:id',
  '/api/public/v1/projects',
  '/api/public/v1/projects/:id',
] as const;

const NO_SUCH_PATH =
  'Nothing is served at this path. The API lives under /api/public/v1/ (tables, skills, tasks, pages, projects).';

/** Where the API's paths live: any other path under them is the API's 404, never a file's. */
const API_PREFIXES = ['/api', '/v1'] as const;

function noSuchPath(c: Context<AppEnv>): Response {
  return errorResponse(notFound(NO_SUCH_PATH), c.get('requestId'));
}

const fastPaths = new WeakMap<Hono<AppEnv>, FastPath>();

/**
 * The records fast path of an app built by createApp (decision 025), for the node server:
 * `createNodeServer(app.fetch, limits, fastPathOf(app))`. Undefined for other apps.
 */
export function fastPathOf(app: Hono<AppEnv>): FastPath | undefined {
  return fastPaths.get(app);
}

/** Builds the whole HTTP app without listening, so tests can call `app.request()`. */
export function createApp({ db, config }: { db: WorkspaceDb; config: ServerConfig }): Hono<AppEnv> {
  // From here on requests are served: a lock wait stalls all of them, so waits are short.
  db.enterServingMode();
  const deps: AppDeps = {
    db,
    config,
    verifier: new ApiKeyVerifier(db, { flushEveryMs: config.lastUsedFlushMs }),
    limiter: new RateLimiter(config.rateLimitPerMinute, config.rateLimitBurst),
    authFailures: new RateLimiter<string>(config.authFailuresPerMinute, config.authFailureBurst),
  };
  const app = new Hono<AppEnv>();
  const shared = new Edge(config);
  app.use('*', edge(shared));
  // Inside edge, so edge's headers land on the compressed reply; outside every route.
  app.use('*', compressReplies());
  app.onError(errorHandler(config));
  app.notFound(noSuchPath);

  app.route('/', openApiRoutes(deps));
  app.route('/api/public/v1/tables', tablesRoutes(deps));
  const skills = resourceRoutes(deps, 'skills', 'skills:read');
  app.route('/v1/skills', skills);
  app.route('/api/public/v1/skills', skills);
  app.route('/api/public/v1/tasks', resourceRoutes(deps, 'tasks', 'tasks:read'));
  app.route('/api/public/v1/pages', resourceRoutes(deps, 'pages', 'pages:read'));
  app.route('/api/public/v1/projects', resourceRoutes(deps, 'projects', 'projects:read'));
  mountPreflightAndMethodGuard(app);
  // Before the dashboard's files, so an unknown API path answers as the API does, whether
  // or not a dashboard is served beside it.
  for (const prefix of API_PREFIXES) {
    app.all(prefix, noSuchPath);
    app.all(`${prefix}/*`, noSuchPath);
  }

  if (config.dashboardDir !== null || config.demoKey !== null) {
    app.route('/', dashboardRoutes(config));
  }
  fastPaths.set(app, recordsFastPath(deps, shared));
  return app;
}

/** OPTIONS on a known path is a CORS preflight (no auth); any other method is 405. */
export function mountPreflightAndMethodGuard(app: Hono<AppEnv>): void {
  for (const path of API_PATHS) {
    app.all(path, (c) => {
      if (c.req.method === 'OPTIONS') return new Response(null, { status: 204 });
      throw new ApiError(
        'method_not_allowed',
        `This path only answers ${ALLOWED_METHODS}; ${c.req.method.slice(0, 20)} is not supported.`,
        null,
        { Allow: ALLOWED_METHODS },
      );
    });
  }
}
