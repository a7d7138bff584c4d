import type { MiddlewareHandler } from 'hono';
import type { Scope } from '../db/api-keys';
import type { AppDeps, AppEnv } from './context';
import { ApiError } from './errors';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' };

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message, null, CHALLENGE);
}

/**
 * Authentication (§5), rate limiting (§7) and the route's scope, in that order: a key
 * must be known before it has a bucket, and a key over its limit learns that before
 * anything else.
 */
export function guard(deps: AppDeps, scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    deps.db.refreshIfChanged();
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      throw unauthorized(
        'This request has no API key. Send it in the Authorization header: Bearer <your key>.',
      );
    }
    const match = /^(\S+)\s+(\S+)\s*$/.exec(header.trim());
    if (match === null || match[1]?.toLowerCase() !== 'bearer') {
      throw unauthorized(
        'Send the API key with the Bearer scheme: Authorization: Bearer <your key>.',
      );
    }
    const now = deps.config.now();
    const identity = deps.verifier.verify(match[2] ?? '', now);
    if (identity === null) {
      throw unauthorized(
        'This API key is not valid or has been revoked. Check that it was copied whole, or create a new key.',
      );
    }
    const rate = deps.limiter.take(identity.keyId, now);
    if (!rate.allowed) {
      throw new ApiError(
        'rate_limited',
        `Too many requests for this API key. Wait ${rate.headers['Retry-After']} seconds, then try again.`,
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
    for (const [name, value] of Object.entries(rate.headers)) c.res.headers.set(name, value);
  };
}
