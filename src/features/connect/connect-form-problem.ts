import type { Translate } from '../../lib/i18n/i18n-react';

/** A header value can't hold control characters or spaces; catching it here gives a clear message. */
const PRINTABLE_KEY = /^[\x21-\x7e]+$/;

function serviceUrlProblem(serviceUrl: string, t: Translate): string | null {
  if (serviceUrl === '') return null;
  try {
    const url = new URL(serviceUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Falls through to the message below.
  }
  return t('connect.problem.serviceUrl');
}

/** What is wrong with the form as typed (checked before any request), or null. */
export function connectFormProblem(
  serviceUrl: string,
  trimmedKey: string,
  t: Translate,
): string | null {
  return (
    serviceUrlProblem(serviceUrl, t) ??
    (trimmedKey === ''
      ? t('connect.problem.noKey')
      : PRINTABLE_KEY.test(trimmedKey)
        ? null
        : t('connect.problem.keyCharacters'))
  );
}
