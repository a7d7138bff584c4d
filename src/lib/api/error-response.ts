/**
 * Reads a failed HTTP response, whatever its body (our contract shape, RFC 9457
 * problem+json, `{ message }`, `{ error: "…" }`, plain text, an HTML error page), into an
 * ApiError whose message a person can act on.
 */
import { ApiError } from './errors';
import { rateLimitStateOf } from './rate-limit';
import type { Scope } from './types';
import { isJsonObject, type JsonObject } from './wire';

interface ErrorBody {
  /** Set only from our contract shape (`{ error: { code } }`) or a problem's `type`. */
  code: string | null;
  reason: string | null;
  param: string | null;
  scope: string | null;
  requestId: string | null;
  /** The service's own sentence, when it sent a readable one. */
  message: string | null;
}

const EMPTY_BODY: ErrorBody = {
  code: null,
  reason: null,
  param: null,
  scope: null,
  requestId: null,
  message: null,
};

/** Long enough for a real sentence, short enough that a dumped page or trace is not shown. */
const MAX_SERVICE_MESSAGE_LENGTH = 300;

function readableText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '' || text.length > MAX_SERVICE_MESSAGE_LENGTH || /<[a-z!/]/i.test(text))
    return null;
  return text;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function fromJson(body: JsonObject): ErrorBody {
  const error = body.error;
  if (isJsonObject(error)) {
    const details = isJsonObject(error.details) ? error.details : {};
    return {
      code: stringOrNull(error.code),
      reason: stringOrNull(details.reason),
      param: stringOrNull(details.param),
      scope: stringOrNull(details.scope),
      requestId: stringOrNull(error.request_id) ?? stringOrNull(body.request_id),
      message: readableText(error.message),
    };
  }
  // RFC 9457: `detail` is the occurrence, `title` the kind; prefer the more specific.
  if ('title' in body || 'detail' in body || 'type' in body) {
    const type = stringOrNull(body.type);
    return {
      ...EMPTY_BODY,
      code: type && type !== 'about:blank' ? (type.split('/').pop() ?? null) : null,
      reason: stringOrNull(body.reason),
      param: stringOrNull(body.param),
      requestId: stringOrNull(body.request_id) ?? stringOrNull(body.instance),
      message: readableText(body.detail) ?? readableText(body.title),
    };
  }
  return {
    ...EMPTY_BODY,
    requestId: stringOrNull(body.request_id),
    message: readableText(body.message) ?? readableText(error) ?? readableText(body.detail),
  };
}

export function parseErrorBody(bodyText: string): ErrorBody {
  const trimmed = bodyText.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isJsonObject(parsed)) return fromJson(parsed);
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  return { ...EMPTY_BODY, message: readableText(trimmed) };
}

/** `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSecondsOf(
  header: string | null,
  now: number = Date.now(),
): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export interface FailedRequest {
  /** The request URL without its query. */
  url: string;
  /** The scope the call needs, to word a 403 that doesn't name one. */
  scope: Scope;
  /** Replaces the API key wherever a service echoed it back. */
  redact: (text: string) => string;
}

function seconds(count: number): string {
  return count === 1 ? '1 second' : `${count} seconds`;
}

/** ApiError.message: English, for logs and developers; people read ./describe-error.ts. */
function messageFor(status: number, body: ErrorBody, retryAfter: number | null, scope: string) {
  const serviceSays = body.message;
  if (status === 401) {
    return 'The service did not accept this API key. Check that it was copied completely and has not been revoked, or ask for a new key.';
  }
  if (status === 403) {
    return `This key is not allowed to see ${whatScopeCovers(scope)}. Ask whoever manages your workspace’s keys for one that is.`;
  }
  if (status === 429) {
    return retryAfter === null
      ? 'The service is receiving too many requests from this key. Wait a moment and try again.'
      : `The service is receiving too many requests from this key. Try again in ${seconds(retryAfter)}.`;
  }
  // The status and request ID are in the error's Details (src/components/error-details.tsx).
  if (status >= 500) return 'The service ran into a problem. Try again in a moment.';
  if (serviceSays) return serviceSays;
  if (status === 404) return 'The service has nothing at this address.';
  return 'The service refused the request.';
}

/** `tables:read` → "tables": what a person calls the data a scope covers. */
function whatScopeCovers(scope: string): string {
  const match = /^([a-z_]+):read$/.exec(scope);
  return match?.[1] ? match[1].replace(/_/g, ' ') : `this (it needs the ${scope} permission)`;
}

export function apiErrorFromResponse(
  response: Pick<Response, 'status' | 'headers'>,
  bodyText: string,
  request: FailedRequest,
): ApiError {
  const parsed = parseErrorBody(bodyText);
  const body = { ...parsed, requestId: parsed.requestId ?? response.headers.get('X-Request-Id') };
  const retryAfterSeconds = retryAfterSecondsOf(response.headers.get('Retry-After'));
  const scope = body.scope ?? request.scope;
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: body.code,
    reason: body.reason,
    param: body.param,
    scope: response.status === 403 ? scope : body.scope,
    requestId: body.requestId,
    retryAfterSeconds,
    rateLimit: rateLimitStateOf(response.headers),
    url: request.url,
    message: request.redact(messageFor(response.status, body, retryAfterSeconds, scope)),
    serviceMessage: body.message === null ? null : request.redact(body.message),
  });
}
