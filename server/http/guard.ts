import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiKeyIdentity, Scope } from '../db/api-keys';
import type { AppDeps, AppEnv } from './context';
import { setResponseHeader } from './edge';
import { ApiError, plural } from './errors';
import type { RateDecision } from './rate-limit';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message, null, CHALLENGE);
}

/**
 * The peer's address: the socket's, never a forwarded header (the server listens on a
 * local address and is not meant to sit behind a proxy that would set one). Requests
 * made without a socket (`app.request()` in tests) share one address.
 */
export function clientAddressOf(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/** Who is asking, and the rate limit headers every answer to them carries. */
export interface Authorized {
  identity: ApiKeyIdentity;
  rateHeaders: Record<string, string>;
}

/**
 * Authentication (§5), rate limiting (§7) and the route's scope, in that order: a key
 * must be known before it has a bucket, and a key over its limit learns that before
 * anything else. Throws the ApiError to answer with. `authorization` is the request's
 * Authorization header (several joined by ", "), `address` the peer's.
 *
 * Failed authentication is limited per client address: once an address has spent its
 * failures, a key the server has not verified recently is refused with 429 without a
 * lookup (keys in use from that address keep working), until the bucket refills.
 *
 * Shared by the Hono middleware below and the records fast path.
 */
export function authorize(
  deps: AppDeps,
  scope: Scope,
  authorization: string | undefined,
  address: string,
): Authorized {
  deps.db.refreshIfChanged();
  const now = deps.config.now();
  const failures = deps.authFailures.peek(address, now);
  if (authorization === undefined || authorization.trim() === '') {
    return refuse(deps, address, now, failures, NO_KEY);
  }
  const match = /^(\S+)\s+(\S+)\s*$/.exec(authorization.trim());
  if (match === null || match[1]?.toLowerCase() !== 'bearer') {
    return refuse(deps, address, now, failures, NOT_BEARER);
  }
  const presented = match[2] ?? '';
  const identity: ApiKeyIdentity | null | undefined = failures.allowed
    ? deps.verifier.verify(presented, now)
    : deps.verifier.verifyCached(presented, now);
  if (identity === null || identity === undefined) {
    return refuse(deps, address, now, failures, NOT_VALID);
  }
  const rate = deps.limiter.take(identity.keyId, now);
  if (!rate.allowed) {
    throw new ApiError(
      'rate_limited',
      `Too many requests for this API key. Wait ${plural(rate.retryAfterSeconds, 'second')}, then try again.`,
      null,
      rate.headers,
    );
  }
  if (!identity.scopes.has(scope)) {
    throw new ApiError(
      'forbidden',
      `This API key does not have the ${scope} scope. Create a key that includes it.`,
      { reason: 'insufficient_scope', scope },
      rate.headers,
    );
  }
  return { identity, rateHeaders: rate.headers };
}

const NO_KEY =
  'This request has no API key. Send it in the Authorization header: Bearer <your key>.';
const NOT_BEARER = 'Send the API key with the Bearer scheme: Authorization: Bearer <your key>.';
const NOT_VALID =
  'This API key is not valid or has been revoked. Check that it was copied whole, or create a new key.';

/** A failed authentication: 401, or 429 once the address has spent its failures. */
function refuse(
  deps: AppDeps,
  address: string,
  now: number,
  failures: RateDecision,
  message: string,
): never {
  if (!failures.allowed) throw tooManyFailures(failures.retryAfterSeconds);
  deps.authFailures.take(address, now);
  throw unauthorized(message);
}

/** authorize() as Hono middleware: the rate limit headers go on the route's answer. */
export function guard(deps: AppDeps, scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { identity, rateHeaders } = authorize(
      deps,
      scope,
      c.req.header('authorization'),
      clientAddressOf(c),
    );
    c.set('identity', identity);
    await next();
    for (const [name, value] of Object.entries(rateHeaders)) setResponseHeader(c.res, name, value);
  };
}

function tooManyFailures(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'rate_limited',
    `Too many requests with a missing or wrong API key from this address. Wait ${plural(retryAfterSeconds, 'second')}, then try again with a valid key.`,
    null,
    { ...CHALLENGE, 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * The one request that needs no key (the API's OpenAPI document) spends a token of its
 * address's bucket for requests without a valid key: a loop fetching it is slowed down
 * like one sending no key, with the same 429.
 */
export function spendKeyless(deps: AppDeps, address: string): void {
  const decision = deps.authFailures.take(address, deps.config.now());
  if (!decision.allowed) {
    throw new ApiError(
      'rate_limited',
      `Too many requests without an API key from this address. Wait ${plural(decision.retryAfterSeconds, 'second')}, then try again.`,
      null,
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
}
