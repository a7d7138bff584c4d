/**
 * How the client reaches the service: one GET with the key, paced by its rate limit, the
 * reply read whole and parsed; every failure turned into an ApiError that says what went
 * wrong in words a person can act on (no answer, cut, blocked, not a service, refused).
 * Only ./client.ts uses it.
 */
import {
  blockedByPolicyMessage,
  classifyFailedFetch,
  watchPolicyViolations,
} from './blocked-request';
import {
  getRequestInit,
  normalizeServiceUrl,
  type QueryParameter,
  requestUrlOf,
} from './endpoints';
import { apiErrorFromResponse } from './error-response';
import { ApiError, isApiError, type TransportFailure } from './errors';
import { keyFingerprint } from './key-fingerprint';
import { RateLimitPacer } from './rate-limit';
import type { Connection, Scope } from './types';
import { MissingItemsError, WireShapeError } from './wire';

export interface ApiClientOptions {
  fetch?: typeof fetch;
}

/** A 400 that names `limit`: the service refuses our page size (some cap below the spec's maximum). */
function isRefusedLimit(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    (error.param === 'limit' || error.reason === 'invalid_limit')
  );
}

/** What the user reads when the browser got no whole answer. */
function networkMessage(failure: TransportFailure, serviceLabel: string): string {
  switch (failure) {
    case 'cut':
      return `The connection to ${serviceLabel} was cut before the reply was complete.`;
    case 'blocked_cors':
      return `${serviceLabel} answered, but does not allow this site to read its replies (CORS). Ask for this site's address to be allowed there, or open the dashboard through the reference server's proxy mode.`;
    case 'blocked_csp':
      return blockedByPolicyMessage(serviceLabel);
    case 'blocked_mixed_content':
      return `The browser blocked the request: this page is served over HTTPS and ${serviceLabel} over plain HTTP. Use the service's https:// address.`;
    default:
      return `Could not reach ${serviceLabel}. Check the address and your connection.`;
  }
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  );
}

/** The service's answers to GETs, normalized, for one connection. */
export function createTransport(connection: Connection, options: ApiClientOptions = {}) {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = normalizeServiceUrl(connection.serviceUrl);
  const apiKey = connection.apiKey;
  /** What "could not reach …" names: the configured URL, or this page's origin for same-origin. */
  const serviceLabel = baseUrl === '' ? globalThis.location?.origin || 'this site' : baseUrl;
  /** Set once the service refused a page size: later lists ask for its default instead. */
  let limitRefused = false;
  const pacer = new RateLimitPacer();
  watchPolicyViolations();

  const redact = (text: string) =>
    apiKey === '' ? text : text.split(apiKey).join(keyFingerprint(apiKey));

  function notAService(url: string, failure: TransportFailure, detail: string): ApiError {
    return new ApiError({
      kind: 'not_a_service',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: `${serviceLabel} answered, but not like a Workspace Data Service (${detail}). Check the Service URL.`,
    });
  }

  /** A reply that started well and broke: worded as a broken reply, not as a wrong address. */
  function brokenReply(url: string, failure: TransportFailure, detail: string): ApiError {
    return new ApiError({
      kind: 'not_a_service',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: `${serviceLabel} sent ${detail}.`,
    });
  }

  function aborted(url: string): ApiError {
    return new ApiError({
      kind: 'aborted',
      status: null,
      code: null,
      reason: null,
      url,
      message: 'The request was cancelled.',
    });
  }

  function networkError(url: string, failure: TransportFailure): ApiError {
    return new ApiError({
      kind: 'network',
      status: null,
      code: null,
      reason: null,
      url,
      failure,
      message: networkMessage(failure, serviceLabel),
    });
  }

  async function getJson(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal?: AbortSignal,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<unknown> {
    const url = `${baseUrl}${path}`;
    const requestUrl = requestUrlOf(baseUrl, path, parameters);
    try {
      await pacer.beforeRequest(signal, onPacingWait);
    } catch {
      throw aborted(url);
    }
    const startedAt = Date.now();
    let response: Response;
    try {
      response = await fetchImpl(requestUrl, getRequestInit(apiKey, signal ?? null));
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw aborted(url);
      throw networkError(url, await classifyFailedFetch(url, startedAt, fetchImpl));
    }
    pacer.observe(response.headers);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw aborted(url);
      // The status line and headers arrived: the service is there, the body was cut off.
      throw networkError(url, 'cut');
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      throw notAService(url, 'redirect', 'it redirected elsewhere; use the final address');
    }
    if (!response.ok) throw apiErrorFromResponse(response, text, { url, scope, redact });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const start = text.trimStart();
      if (start === '' || start.startsWith('{') || start.startsWith('[')) {
        throw brokenReply(url, 'malformed_body', 'an incomplete or garbled reply (not valid JSON)');
      }
      throw notAService(url, 'not_json', 'it sent a web page or other non-JSON content');
    }
  }

  /** Runs `normalize` on a body, turning an unreadable shape into a 'not_a_service' error. */
  function normalized<T>(url: string, body: unknown, normalize: (body: unknown) => T): T {
    try {
      return normalize(body);
    } catch (error) {
      if (error instanceof MissingItemsError) {
        throw brokenReply(url, 'missing_items', 'a list reply without its items');
      }
      if (error instanceof WireShapeError) {
        throw notAService(url, 'unknown_shape', 'the data has an unknown shape');
      }
      throw error;
    }
  }

  /**
   * A list page. A service that refuses our page size (a 400 on `limit`) gets the request
   * again without one, and every later list asks for its default.
   */
  async function getPage<T>(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal: AbortSignal | undefined,
    normalize: (body: unknown) => T,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<T> {
    const withoutLimit = () => parameters.filter(([name]) => name !== 'limit');
    const get = (query: readonly QueryParameter[]) =>
      getNormalized(path, query, scope, signal, normalize, onPacingWait);
    if (limitRefused) return get(withoutLimit());
    try {
      return await get(parameters);
    } catch (error) {
      if (!isRefusedLimit(error) || !parameters.some(([name]) => name === 'limit')) throw error;
      limitRefused = true;
      return get(withoutLimit());
    }
  }

  async function getNormalized<T>(
    path: string,
    parameters: readonly QueryParameter[],
    scope: Scope,
    signal: AbortSignal | undefined,
    normalize: (body: unknown) => T,
    onPacingWait?: (delayMs: number) => void,
  ): Promise<T> {
    const body = await getJson(path, parameters, scope, signal, onPacingWait);
    return normalized(`${baseUrl}${path}`, body, normalize);
  }

  return { baseUrl, serviceLabel, getJson, getNormalized, getPage };
}
