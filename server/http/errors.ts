import { maskKeys } from './key-mask';

/** Contract §6: every error leaves the server through here, in one shape. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'internal_error'
  // Ours: the contract has no code for "busy, try again" (docs/decisions/010-server-under-locks-and-abuse.md).
  | 'service_unavailable';

/** `details.reason` of a 400; the OpenAPI document (server/openapi/) lists these. */
export const BAD_REQUEST_REASONS = [
  'invalid_limit',
  'invalid_cursor',
  'invalid_sort',
  'unknown_column',
  'invalid_filter',
  'duplicate_filter',
  'unsupported_filter',
  'unknown_view',
] as const;

export type BadRequestReason = (typeof BAD_REQUEST_REASONS)[number];

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 429 | 500 | 503;

export const STATUS_OF: Record<ErrorCode, ErrorStatus> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details: Record<string, string> | null;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    details: Record<string, string> | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = STATUS_OF[code];
    this.details = details;
    this.headers = headers;
  }
}

export function badRequest(param: string, reason: BadRequestReason, message: string): ApiError {
  return new ApiError('bad_request', message, { param, reason });
}

export function notFound(
  message = 'Nothing exists at this address, or this key cannot see it.',
): ApiError {
  return new ApiError('not_found', message);
}

/**
 * The error as JSON. Messages and details may quote what the client sent (a column name,
 * a parameter): any key in them is masked here, so no route has to remember to.
 */
export function errorBody(error: ApiError, requestId: string): string {
  const body: Record<string, unknown> = { code: error.code, message: maskKeys(error.message) };
  if (error.details !== null) {
    const details: Record<string, string> = {};
    for (const name in error.details) details[name] = maskKeys(error.details[name] as string);
    body.details = details;
  }
  body.request_id = requestId;
  return JSON.stringify({ error: body });
}

/** Seconds a client is told to wait when the database is busy; locks are held briefly. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export function serviceUnavailable(): ApiError {
  return new ApiError(
    'service_unavailable',
    'The server is busy: another process is writing to its database. Try again in a second.',
    null,
    { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

/** "1 second", "2 seconds": counts in messages people read. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong on the server. Try again; if it keeps happening, report the request id.';
