import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createApp, fastPathOf } from './app';
import { type FlagSpec, failUsage, parseFlags, UsageError, usageOf } from './cli/flags';
import { seedProgress } from './cli/progress';
import { DEFAULT_AUTH_FAILURE_BURST, defaultServerConfig, type ServerConfig } from './config';
import { revokeStaleDemoKeys, stableDemoKey } from './db/api-keys';
import { initializeWorkspaceDb } from './db/initialize';
import { WorkspaceDb } from './db/workspace-db';
import type { AppEnv } from './http/context';
import { createNodeServer } from './http/node-server';
import { createProxyApp } from './routes/proxy';
import { DEFAULT_ORDER_COUNT, seedDemo, WORKSPACES } from './seed/demo-seed';

const FLAGS: FlagSpec[] = [
  {
    name: 'port',
    env: 'PORT',
    kind: 'integer',
    min: 0,
    max: 65535,
    help: 'port to listen on; 0 picks a free one',
  },
  {
    name: 'db',
    env: 'DB_PATH',
    kind: 'string',
    help: 'SQLite database file (created and seeded if empty)',
  },
  { name: 'host', env: 'HOST', kind: 'string', help: 'address to listen on (default 127.0.0.1)' },
  {
    name: 'rate-limit',
    env: 'RATE_LIMIT',
    kind: 'integer',
    min: 1,
    max: 1_000_000_000,
    help: 'requests per minute per key (default 600)',
  },
  {
    name: 'rate-burst',
    env: 'RATE_BURST',
    kind: 'integer',
    min: 1,
    max: 1_000_000_000,
    help: 'bucket size (default min(100, rate limit))',
  },
  {
    name: 'auth-failure-limit',
    env: 'AUTH_FAILURE_LIMIT',
    kind: 'integer',
    min: 1,
    max: 1_000_000_000,
    help: 'failed authentications per minute per client address (default 60; burst max(100, this))',
  },
  {
    name: 'cors-origin',
    env: 'CORS_ORIGIN',
    kind: 'string',
    help: 'allowed origins, comma separated (default *)',
  },
  {
    name: 'dashboard',
    env: 'DASHBOARD_DIR',
    kind: 'string',
    help: 'also serve the built dashboard from this directory',
  },
  {
    name: 'demo',
    env: 'DEMO',
    kind: 'boolean',
    help: "hand out the database's demo key (made once, kept with it) in /config.json",
  },
  {
    name: 'records',
    env: 'RECORDS',
    kind: 'integer',
    min: 0,
    max: 10_000_000,
    help: `Orders size when seeding (default ${DEFAULT_ORDER_COUNT})`,
  },
  {
    name: 'proxy',
    env: 'PROXY_UPSTREAM',
    kind: 'string',
    help: 'forward the API to this upstream base URL (no database)',
  },
  {
    name: 'frame-ancestors',
    env: 'FRAME_ANCESTORS',
    kind: 'string',
    help: "CSP frame-ancestors for the dashboard (default 'none')",
  },
  {
    name: 'connect-src',
    env: 'CONNECT_SRC',
    kind: 'string',
    help: 'extra CSP connect-src origins, space separated',
  },
  {
    name: 'quiet',
    kind: 'boolean',
    help: 'no request log lines (or LOG_LEVEL=silent); --demo is quiet unless --verbose or LOG=1',
  },
  {
    name: 'verbose',
    env: 'VERBOSE',
    kind: 'boolean',
    help: 'stack traces of unexpected errors in the log; with --demo, the request log too',
  },
  { name: 'help', kind: 'boolean', help: 'show this help' },
];

const USAGE = usageOf('npm run server -- --port <p> --db <file> [flags]', FLAGS);

interface Options {
  port: number;
  db: string | null;
  host: string;
  records: number;
  demo: boolean;
  proxy: string | null;
  config: ServerConfig;
}

function optionsOf(argv: string[]): Options {
  const values = parseFlags(argv, FLAGS, process.env);
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const text = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string) : null;
  const number = (name: string) =>
    typeof values[name] === 'number' ? (values[name] as number) : null;
  const proxy = text('proxy');
  if (proxy !== null && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(proxy)) {
    throw new UsageError('--proxy must be an http(s) base URL, e.g. https://api.example.com');
  }
  const db = text('db');
  if (db === null && proxy === null) throw new UsageError('--db is required (or DB_PATH)');
  if (proxy !== null && values.demo === true) {
    throw new UsageError(
      '--demo creates a key in a local database; it cannot be combined with --proxy',
    );
  }
  const corsOrigins = (text('cors-origin') ?? '*')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (origin !== '*' && !/^https?:\/\/[^\s/]+$/.test(origin)) {
      throw new UsageError(
        `--cors-origin "${origin}" is not an origin like https://app.example.com`,
      );
    }
  }
  const perMinute = number('rate-limit') ?? undefined;
  const connectSources = (text('connect-src') ?? '').split(/\s+/).filter(Boolean);
  if (proxy !== null) connectSources.push(new URL(proxy).origin);
  // The demo (npm start) is for looking at the dashboard: a JSON line per request is noise
  // there unless asked for.
  const quiet =
    values.quiet === true ||
    process.env.LOG_LEVEL === 'silent' ||
    (values.demo === true && values.verbose !== true && process.env.LOG !== '1');
  const config = defaultServerConfig({
    ...(perMinute === undefined ? {} : { rateLimitPerMinute: perMinute }),
    corsOrigins: corsOrigins.length === 0 ? ['*'] : corsOrigins,
    logRequests: !quiet,
    dashboardDir: text('dashboard'),
    frameAncestors: text('frame-ancestors') ?? "'none'",
    connectSources,
    verbose: values.verbose === true,
  });
  const authFailures = number('auth-failure-limit');
  if (authFailures !== null) {
    config.authFailuresPerMinute = authFailures;
    config.authFailureBurst = Math.max(DEFAULT_AUTH_FAILURE_BURST, authFailures);
  }
  const burst = number('rate-burst');
  if (burst !== null) config.rateLimitBurst = burst;
  return {
    port: number('port') ?? 8787,
    db,
    host: text('host') ?? '127.0.0.1',
    records: number('records') ?? DEFAULT_ORDER_COUNT,
    demo: values.demo === true,
    proxy,
    config,
  };
}

/** Set once the flags are read; until then (and without --verbose) no stack is printed. */
let verbose = process.argv.includes('--verbose');

/** One line on stderr and exit 1: a stack trace (with file paths) only with --verbose. */
/** Whether process `pid` exists here (signal 0 only asks; EPERM means it exists). */
function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fail(what: string, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${what}: ${reason}\n`);
  if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

function main(): void {
  let options: Options;
  try {
    options = optionsOf(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) failUsage(error, USAGE);
    throw error;
  }
  const { config } = options;
  verbose = config.verbose;
  let db: WorkspaceDb | null = null;
  let app: Hono<AppEnv>;
  if (options.proxy !== null) {
    app = createProxyApp({ upstream: options.proxy, config });
    console.log(`Forwarding the API to ${new URL(options.proxy).origin}`);
  } else {
    const file = options.db ?? '';
    try {
      db = new WorkspaceDb(file);
    } catch (error) {
      fail(`could not open the database ${file}`, error);
    }
    const opened = db;
    const started = performance.now();
    const orders = options.records;
    const progress = seedProgress(process.stdout);
    const waitMessage = () =>
      console.log(
        `Another process is preparing ${file} (seeding or upgrading it); waiting for it to finish…`,
      );
    let seeded: boolean;
    try {
      seeded = initializeWorkspaceDb(
        opened,
        (fresh) => seedDemo(fresh, { orders, onProgress: progress.update }),
        waitMessage,
      );
    } catch (error) {
      fail(`could not prepare the database ${file}`, error);
    }
    if (seeded) progress.finish(performance.now() - started, orders);
    if (options.demo) {
      // The same key at every start (docs/decisions/034): a page that remembered the demo
      // workspace keeps working after a restart. It is never printed.
      config.demoKey = opened.whenWritable(
        () => stableDemoKey(opened, WORKSPACES.acme.id).key,
        waitMessage,
      );
    }
    app = createApp({ db: opened, config });
  }

  const server = createNodeServer(app.fetch, {}, fastPathOf(app));
  server.listen(options.port, options.host, () => {
    const info = server.address() as AddressInfo;
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    const base = `http://${host}:${info.port}`;
    if (db !== null && config.demoKey !== null) {
      // Keys an earlier version's demos made per process, once their server is gone.
      const opened = db;
      opened.whenWritable(() => revokeStaleDemoKeys(opened, isProcessRunning));
    }
    // With the dashboard, one URL to open (the API answers on the same origin).
    console.log(config.dashboardDir !== null ? `Open ${base}/` : `Listening on ${base}`);
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE'
        ? `error: port ${options.port} is already in use (another server, or an earlier npm start still running).\n` +
            `Start on another port: ${options.demo ? 'PORT=8800 npm start' : '--port 8800 (or PORT=8800)'}\n`
        : `error: could not listen on ${options.host}:${options.port} (${error.code ?? error.name})\n`,
    );
    db?.close();
    process.exit(1);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      db?.close();
      process.exit(0);
    });
    // Keep-alive connections would hold close() open; they carry no request we owe.
    server.closeAllConnections();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Anything unexpected ends the process with one line, never a stack trace with file
// paths in the log, unless --verbose asks for it.
process.on('uncaughtException', (error) => fail('unexpected failure', error));
process.on('unhandledRejection', (error) => fail('unexpected failure', error));

main();
