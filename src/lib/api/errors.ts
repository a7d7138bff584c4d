/**
 * The one error every API call rejects with. `message` is always a sentence a person can
 * act on and never contains the key.
 */
export type ApiErrorKind =
  /** The service answered with an HTTP error status. */
  | 'http'
  /** No answer: offline, DNS, refused, or blocked by CORS (the browser can't tell which). */
  | 'network'
  /** Something answered, but not like a Workspace Data Service (HTML, not JSON, unknown shape). */
  | 'not_a_service'
  /** The request was superseded or cancelled. */
  | 'aborted';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  code: string | null;
  reason: string | null;
  message: string;
  param?: string | null;
  scope?: string | null;
  requestId?: string | null;
  retryAfterSeconds?: number | null;
  url?: string | null;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** Contract code (`bad_request`, `unauthorized`, …) or the other service's own code. */
  readonly code: string | null;
  /** `details.reason` (`invalid_filter`, `insufficient_scope`, …) when the service sent one. */
  readonly reason: string | null;
  /** `details.param` (`filter[status]`, `cursor`, …) when sent: lets the UI show the error at its input. */
  readonly param: string | null;
  /** For 403 `insufficient_scope`: the scope the key lacks. */
  readonly scope: string | null;
  readonly requestId: string | null;
  readonly retryAfterSeconds: number | null;
  /** The request URL without its query, for "could not reach …" messages. Never holds the key. */
  readonly url: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.reason = init.reason;
    this.param = init.param ?? null;
    this.scope = init.scope ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.url = init.url ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
