/** Everything createApp needs besides the database; main.ts fills it from flags and env. */
export interface ServerConfig {
  /** Token bucket refill, requests per minute per key (§7). */
  rateLimitPerMinute: number;
  /** Bucket size: how many requests a fresh key may send at once. */
  rateLimitBurst: number;
  /** `['*']` allows any origin; otherwise exact origins to echo. */
  corsOrigins: string[];
  /** Log one JSON line per request on stdout unless false. */
  logRequests: boolean;
  /** Built dashboard to serve at `/`, or null. */
  dashboardDir: string | null;
  /** `--demo`: the key handed to the dashboard through /config.json. */
  demoKey: string | null;
  /** CSP `frame-ancestors` for dashboard pages. */
  frameAncestors: string;
  /** Extra CSP `connect-src` origins (a service the dashboard talks to directly). */
  connectSources: string[];
  /** Failed authentications allowed per client address, per minute (refill rate). */
  authFailuresPerMinute: number;
  /** How many failed authentications an address may make at once. */
  authFailureBurst: number;
  /** How often a key's last-used time is written, batched, off the request path. */
  lastUsedFlushMs: number;
  /** `--verbose`: stack traces of unexpected errors in the log (never in a response). */
  verbose: boolean;
  /** Clock for the rate limiter; tests replace it. */
  now: () => number;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEFAULT_RATE_LIMIT_BURST = 100;
export const DEFAULT_AUTH_FAILURES_PER_MINUTE = 60;
export const DEFAULT_AUTH_FAILURE_BURST = 100;

export function defaultServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const perMinute = overrides.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  return {
    rateLimitPerMinute: perMinute,
    rateLimitBurst: Math.min(DEFAULT_RATE_LIMIT_BURST, perMinute),
    corsOrigins: ['*'],
    logRequests: false,
    dashboardDir: null,
    demoKey: null,
    frameAncestors: "'none'",
    connectSources: [],
    authFailuresPerMinute: DEFAULT_AUTH_FAILURES_PER_MINUTE,
    authFailureBurst: DEFAULT_AUTH_FAILURE_BURST,
    lastUsedFlushMs: 5000,
    verbose: false,
    now: () => Date.now(),
    ...overrides,
  };
}
