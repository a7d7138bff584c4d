/** Contract §6: every error leaves the server through here, in one shape. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'internal_error';

export type BadRequestReason =
  | 'invalid_limit'
  | 'invalid_cursor'
  | 'invalid_sort'
  | 'unknown_column'
  | 'invalid_filter'
  | 'duplicate_filter'
  | 'unsupported_filter'
  | 'unknown_view';

const STATUS_OF: Record<ErrorCode, 400 | 401 | 403 | 404 | 405 | 429 | 500> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: 400 | 401 | 403 | 404 | 405 | 429 | 500;
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

export function errorBody(error: ApiError, requestId: string): string {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details !== null) body.details = error.details;
  body.request_id = requestId;
  return JSON.stringify({ error: body });
}

export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong on the server. Try again; if it keeps happening, report the request id.';
