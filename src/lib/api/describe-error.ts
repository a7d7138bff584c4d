/**
 * What a person reads about a failed request, in the language on screen. An ApiError is
 * made outside React and its `message` stays English (logs, developers); the words shown
 * come from the catalog here, at display time, from what the error knows (kind, status,
 * failure, scope, wait). The service's own sentence is never reworded: it is shown as sent,
 * inside a catalog sentence and under Details (src/components/error-details.tsx).
 */

import { formatList } from '../i18n/formats';
import type { Translate } from '../i18n/i18n-react';
import { policyConnectSources } from './blocked-request';
import { type ApiError, isApiError } from './errors';
import { isPagingError, pagingProblemMessage } from './paging-guard';

export interface ErrorDescription {
  title: string;
  message: string;
}

/**
 * The service an error is about, as the person typed it: the request's address without
 * the API's own path (`https://host/prefix`), or this page's origin for a same-origin one.
 */
export function serviceLabelOf(error: ApiError, t: Translate): string {
  const origin = globalThis.location?.origin || t('common.error.thisSite');
  if (!error.url) return origin;
  const base = error.url.replace(/\/(?:api\/public\/)?v1(?:\/.*)?$/, '');
  if (base === '') return origin;
  return base.startsWith('/') ? `${origin}${base}` : base;
}

/** `tables:read` → `tables`: what a person calls the data a scope covers, for a select. */
export function scopeSubjectOf(scope: string | null): string {
  const match = scope === null ? null : /^([a-z_]+):read$/.exec(scope);
  return match?.[1] ?? 'other';
}

export function errorTitleOf(error: ApiError, t: Translate): string {
  if (error.kind === 'network') return t('common.error.title.network');
  if (error.kind === 'not_a_service') return t('common.error.title.notAService');
  if (error.kind === 'aborted') return t('common.error.title.cancelled');
  switch (error.status) {
    case 400:
      return t('common.error.title.refused');
    case 401:
      return t('common.error.title.keyRejected');
    case 403:
      return t('common.error.title.forbidden');
    case 404:
      return t('common.error.title.notFound');
    case 429:
      return t('common.error.title.busy');
    default:
      return (error.status ?? 0) >= 500
        ? t('common.error.title.serviceProblem')
        : t('common.error.title.generic');
  }
}

/** The same sources for a person, in the language on screen. */
function sourceInLanguage(source: string, here: string, t: Translate): string | null {
  const lower = source.toLowerCase();
  if (lower === "'self'") return t('common.error.csp.self', { host: here });
  if (lower === 'https:') return t('common.error.csp.anyHttps');
  if (lower === 'http:') return t('common.error.csp.anyHttp');
  if (lower === '*') return t('common.error.csp.any');
  if (lower.startsWith("'")) return null;
  return source;
}

/**
 * What this page's policy lets the dashboard reach ("this site (…) and any https://
 * service"), for the catalog's blocked-by-policy sentence; null when the policy is unknown.
 */
export function policyReachInWords(t: Translate): string | null {
  const here = globalThis.location?.host || t('common.error.thisSite');
  const allowed = (policyConnectSources() ?? [])
    .map((source) => sourceInLanguage(source, here, t))
    .filter((words): words is string => words !== null);
  return allowed.length === 0 ? null : formatList(allowed);
}

function transportMessageOf(error: ApiError, t: Translate): string {
  const service = serviceLabelOf(error, t);
  switch (error.failure) {
    case 'cut':
      return t('common.error.message.cut', { service });
    case 'blocked_cors':
      return t('common.error.message.blockedCors', { service });
    case 'blocked_csp': {
      const allowed = policyReachInWords(t);
      return allowed === null
        ? t('common.error.message.blockedCspUnknown', { service })
        : t('common.error.message.blockedCsp', { service, allowed });
    }
    case 'blocked_mixed_content':
      return t('common.error.message.blockedMixedContent', { service });
    case 'redirect':
      return t('common.error.message.redirect', { service });
    case 'malformed_body':
      return t('common.error.message.malformedBody', { service });
    case 'missing_items':
      return t('common.error.message.missingItems', { service });
    case 'not_json':
      return t('common.error.message.notJson', { service });
    case 'unknown_shape':
      return t('common.error.message.unknownShape', { service });
    default:
      // The only 'not_a_service' error without a failure: neither skills path answered.
      return error.kind === 'not_a_service'
        ? t('common.error.message.noSkills', { service })
        : t('common.error.message.unreachable', { service });
  }
}

export function errorMessageOf(error: ApiError, t: Translate): string {
  if (error.kind === 'aborted') return t('common.error.message.cancelled');
  if (error.kind !== 'http') return transportMessageOf(error, t);
  const status = error.status ?? 0;
  if (status === 401) return t('common.error.message.keyRejected');
  if (status === 403) {
    // Every refusal the service sends names a scope (the call's own); none means the
    // connect probe found nothing this key may read.
    if (error.scope === null && error.reason === 'insufficient_scope') {
      return t('common.error.message.nothingReadable');
    }
    return t('common.error.message.forbidden', {
      what: scopeSubjectOf(error.scope),
      permission: error.scope ?? '',
    });
  }
  if (status === 429) {
    return error.retryAfterSeconds === null
      ? t('common.error.message.busy')
      : t('common.error.message.busyWait', { seconds: error.retryAfterSeconds });
  }
  if (status >= 500) return t('common.error.message.serviceProblem');
  if (status === 404) return t('common.error.message.notFound');
  // The service's words as sent; English shows them alone, other languages say around them
  // that the service refused (the words themselves are usually English).
  if (error.serviceMessage) {
    return t('common.error.message.refusedWithReason', { serviceMessage: error.serviceMessage });
  }
  return t('common.error.message.refused');
}

/**
 * Title and sentence for anything thrown: an ApiError by what it knows, a paging stop by
 * its problem (a records walk), anything else a generic sentence that never shows the
 * thrown text.
 */
export function describeError(error: unknown, t: Translate): ErrorDescription {
  if (isApiError(error))
    return { title: errorTitleOf(error, t), message: errorMessageOf(error, t) };
  if (isPagingError(error)) {
    return {
      title: t('common.error.title.listStopped'),
      message: pagingProblemMessage(error.problem, error.listKind, t),
    };
  }
  return { title: t('common.error.title.generic'), message: t('common.error.message.unexpected') };
}
