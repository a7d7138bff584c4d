/**
 * The one error every API call rejects with. `message` is an English sentence for logs and
 * developers and never contains the key; what a person reads comes from the catalog at
 * display time (./describe-error.ts).
 */
export type ApiErrorKind =
  /** The service answered with an HTTP error status. */
  | 'http'
  /** No (whole) answer: offline, refused, cut mid-body, or blocked by the browser (see `failure`). */
  | 'network'
  /** Something answered, but not like a Workspace Data Service (HTML, not JSON, unknown shape). */
  | 'not_a_service'
  /** The request was superseded or cancelled. */
  | 'aborted';

/**
 * What exactly went wrong below HTTP, where the browser or the body says more than the
 * kind: the grid words its message after it, and the retry policy decides by it whether
 * trying again can help.
 */
export type TransportFailure =
  /** fetch() failed before any answer: offline, DNS, refused, reset (or CORS we could not prove). */
  | 'unreachable'
  /** The answer's headers arrived, then the connection ended before the body did. */
  | 'cut'
  /** The service answered (a no-cors probe got through) but does not allow this site to read it. */
  | 'blocked_cors'
  /** This page's Content-Security-Policy forbids connecting to the service. */
  | 'blocked_csp'
  /** An https page asking a plain-http service: the browser refuses without asking. */
  | 'blocked_mixed_content'
  /** A 3xx: this client never follows redirects (the key would travel with them). */
  | 'redirect'
  /** A body that looks like JSON (or is empty) but does not parse: truncated or garbled. */
  | 'malformed_body'
  /** A JSON list reply without its item array. */
  | 'missing_items'
  /** HTML or other non-JSON content: probably not a Workspace Data Service at all. */
  | 'not_json'
  /** JSON of a shape we cannot read. */
  | 'unknown_shape';

/** The service's own pacing headers, as of the response that carried them. */
export interface RateLimitState {
  /** Requests left in the current window (`X-RateLimit-Remaining` / `RateLimit-Remaining`). */
  remaining: number | null;
  /** When the allowance is whole again, epoch milliseconds (`X-RateLimit-Reset` / `RateLimit-Reset`). */
  resetAt: number | null;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  code: string | null;
  reason: string | null;
  message: string;
  /** The service's own sentence, as sent (key redacted). */
  serviceMessage?: string | null;
  param?: string | null;
  scope?: string | null;
  requestId?: string | null;
  retryAfterSeconds?: number | null;
  url?: string | null;
  failure?: TransportFailure | null;
  rateLimit?: RateLimitState | null;
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
  /** Set for 'network' and 'not_a_service' errors: what the browser or the body showed. */
  readonly failure: TransportFailure | null;
  readonly rateLimit: RateLimitState | null;
  /** The service's own sentence, as sent (key redacted): shown under Details, never reworded. */
  readonly serviceMessage: string | null;

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
    this.failure = init.failure ?? null;
    this.rateLimit = init.rateLimit ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
