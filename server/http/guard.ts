import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiKeyIdentity, Scope } from '../db/api-keys';
import type { AppDeps, AppEnv } from './context';
import { setResponseHeader } from './edge';
import { ApiError, plural } from './errors';

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

/**
 * Authentication (§5), rate limiting (§7) and the route's scope, in that order: a key
 * must be known before it has a bucket, and a key over its limit learns that before
 * anything else.
 *
 * Failed authentication is limited per client address: once an address has spent its
 * failures, a key the server has not verified recently is refused with 429 without a
 * lookup (keys in use from that address keep working), until the bucket refills.
 */
export function guard(deps: AppDeps, scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    deps.db.refreshIfChanged();
    const now = deps.config.now();
    const address = clientAddressOf(c);
    const failures = deps.authFailures.peek(address, now);
    const refuse = (message: string): never => {
      if (!failures.allowed) throw tooManyFailures(failures.retryAfterSeconds);
      deps.authFailures.take(address, now);
      throw unauthorized(message);
    };
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      refuse(
        'This request has no API key. Send it in the Authorization header: Bearer <your key>.',
      );
    }
    const match = /^(\S+)\s+(\S+)\s*$/.exec(header?.trim() ?? '');
    if (match === null || match[1]?.toLowerCase() !== 'bearer') {
      refuse('Send the API key with the Bearer scheme: Authorization: Bearer <your key>.');
    }
    const presented = match?.[2] ?? '';
    const identity: ApiKeyIdentity | null | undefined = failures.allowed
      ? deps.verifier.verify(presented, now)
      : deps.verifier.verifyCached(presented, now);
    if (identity === null || identity === undefined) {
      return refuse(
        'This API key is not valid or has been revoked. Check that it was copied whole, or create a new key.',
      );
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
    c.set('identity', identity);
    await next();
    for (const [name, value] of Object.entries(rate.headers)) setResponseHeader(c.res, name, value);
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
