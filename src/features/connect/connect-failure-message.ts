import { isApiError } from '../../lib/api/errors';
import type { SignedOutReason } from '../../lib/auth/auth-store';
import type { Translate } from '../../lib/i18n/i18n-react';

/**
 * What went wrong when checking a key, worded for someone who was just handed a URL and
 * a key, from the message catalog: the client's own `error.message` is English, so each
 * kind of failure gets its sentence here. A 404 or a non-JSON answer means the address is
 * not a Workspace Data Service at all.
 */
export function connectFailureMessage(error: unknown, serviceLabel: string, t: Translate): string {
  if (!isApiError(error)) return t('connect.failure.unexpected');
  const service = serviceLabel;
  if (error.kind === 'network') {
    switch (error.failure) {
      case 'cut':
        return t('connect.failure.cut', { service });
      case 'blocked_cors':
        return t('connect.failure.cors', { service });
      case 'blocked_csp':
        return t('connect.failure.csp', { service });
      case 'blocked_mixed_content':
        return t('connect.failure.mixedContent', { service });
      default:
        return t('connect.failure.unreachable', { service });
    }
  }
  if (error.kind === 'not_a_service') {
    if (error.failure === 'redirect') return t('connect.failure.redirect', { service });
    if (error.failure === 'malformed_body' || error.failure === 'missing_items') {
      return t('connect.failure.garbled', { service });
    }
    return t('connect.failure.wrongAddress', { service });
  }
  switch (error.status) {
    case 401:
      return t('connect.failure.keyRefused');
    case 403:
      return t('connect.failure.nothingReadable');
    case 404:
      return t('connect.failure.wrongAddress', { service });
    case 429:
      return t('connect.failure.busy', { seconds: error.retryAfterSeconds ?? 0 });
    default:
      return (error.status ?? 0) >= 500
        ? t('connect.failure.serviceProblem')
        : t('connect.failure.refused');
  }
}

export interface ConnectFailureDetail {
  text: string;
  /** What the service itself answered (else the client's own English sentence). */
  fromService: boolean;
  /** The client's sentences are English; the service's language is not known. */
  lang: string | undefined;
}

/**
 * Where the error says more than the catalog's sentence: which services this page's policy
 * allows (blocked_csp, in the client's English until src/lib/api words it from the
 * catalog), or what the service itself answered, shown as it sent it (docs/i18n.md).
 */
export function connectFailureDetail(error: unknown): ConnectFailureDetail | null {
  if (!isApiError(error)) return null;
  if (error.kind === 'network' && error.failure === 'blocked_csp') {
    return { text: error.message, fromService: false, lang: 'en' };
  }
  const status = error.status ?? 0;
  if (error.kind !== 'http' || [401, 403, 404, 429].includes(status) || status >= 500) return null;
  // The client's own fallback when the service said nothing: the catalog's sentence says it.
  if (error.message === 'The service refused the request.') return null;
  return { text: error.message, fromService: true, lang: undefined };
}

export interface ConnectFailureHint {
  text: string;
  /** A command to copy, shown as code. */
  command: string;
}

/**
 * A way forward when the browser refused to talk to the service: a service without
 * CORS (or a page whose Content-Security-Policy leaves it out) is reached through the
 * reference server's proxy mode, which serves this dashboard and the API on one origin.
 */
export function connectFailureHint(
  error: unknown,
  serviceUrl: string,
  t: Translate,
): ConnectFailureHint | null {
  if (!isApiError(error) || error.kind !== 'network') return null;
  const upstream = serviceUrl === '' ? t('connect.hint.serviceUrlPlaceholder') : serviceUrl;
  const command = `npm run server -- --proxy ${upstream} --dashboard dist`;
  if (error.failure !== 'blocked_cors' && error.failure !== 'blocked_csp') return null;
  return {
    text: t('connect.hint.proxy', { why: error.failure === 'blocked_cors' ? 'cors' : 'csp' }),
    command,
  };
}

/** The service as the person knows it: the page's own origin when the address is empty. */
export function serviceLabelOf(serviceUrl: string): string {
  return serviceUrl === '' ? window.location.origin : serviceUrl;
}

export /** Why the person is back here, in the language on screen. */
function signedOutMessageOf(reason: SignedOutReason, t: Translate): string {
  return reason.kind === 'key-rejected'
    ? t('connect.signedOut.keyRejected')
    : connectFailureMessage(reason.error, serviceLabelOf(reason.serviceUrl), t);
}
