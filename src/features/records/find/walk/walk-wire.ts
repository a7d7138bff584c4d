/**
 * A walk's end as it crosses from the find worker to the page. Structured clone keeps an
 * Error's message and drops its class and fields, and the screen words a failure by them
 * (an ApiError's status and kind, a PagingError's problem): they are sent as plain data
 * and made into the same errors again on the page.
 */
import { ApiError, type ApiErrorInit } from '../../../../lib/api/errors';
import { type ListKind, PagingError, type PagingProblem } from '../../../../lib/api/paging-guard';
import type { FindEnd } from './find-walk';

export type WireError =
  | { type: 'api'; init: ApiErrorInit }
  | { type: 'paging'; problem: PagingProblem; listKind: ListKind }
  | { type: 'other'; name: string; message: string };

export type WireEnd = Exclude<FindEnd, { kind: 'failed' }> | { kind: 'failed'; error: WireError };

export function errorToWire(error: unknown): WireError {
  if (error instanceof ApiError) {
    return {
      type: 'api',
      init: {
        kind: error.kind,
        status: error.status,
        code: error.code,
        reason: error.reason,
        message: error.message,
        serviceMessage: error.serviceMessage,
        param: error.param,
        scope: error.scope,
        requestId: error.requestId,
        retryAfterSeconds: error.retryAfterSeconds,
        url: error.url,
        failure: error.failure,
        rateLimit: error.rateLimit,
      },
    };
  }
  if (error instanceof PagingError) {
    return { type: 'paging', problem: error.problem, listKind: error.listKind };
  }
  return {
    type: 'other',
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
}

export function errorFromWire(wire: WireError): Error {
  if (wire.type === 'api') return new ApiError(wire.init);
  if (wire.type === 'paging') return new PagingError(wire.problem, wire.listKind);
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}

export function endToWire(end: FindEnd): WireEnd {
  return end.kind === 'failed' ? { kind: 'failed', error: errorToWire(end.error) } : end;
}

export function endFromWire(end: WireEnd): FindEnd {
  return end.kind === 'failed' ? { kind: 'failed', error: errorFromWire(end.error) } : end;
}
