import type { ApiError } from '../lib/api/errors';
import { type Translate, useT } from '../lib/i18n/i18n-react';

/** The technical side of an error, as rows: for whoever is asked to look into it. */
export function technicalDetailsOf(
  error: ApiError,
  t: Translate,
): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [];
  if (error.serviceMessage)
    rows.push([t('common.error.details.serviceMessage'), error.serviceMessage]);
  if (error.status !== null) rows.push([t('common.error.details.status'), String(error.status)]);
  if (error.code) rows.push([t('common.error.details.code'), error.code]);
  if (error.reason) rows.push([t('common.error.details.reason'), error.reason]);
  if (error.param) rows.push([t('common.error.details.parameter'), error.param]);
  if (error.scope) rows.push([t('common.error.details.scope'), error.scope]);
  if (error.requestId) rows.push([t('common.error.details.requestId'), error.requestId]);
  if (error.url) rows.push([t('common.error.details.address'), error.url]);
  if (rows.length === 0) rows.push([t('common.error.details.kind'), error.kind]);
  return rows;
}

/**
 * "Details", closed by default: the status, codes, request ID and address behind a plain
 * sentence, one click away, and the service's own words as it sent them. Never holds the
 * key (ApiError's url has no query and the key travels in a header).
 */
export function ErrorDetails({ error, className = '' }: { error: ApiError; className?: string }) {
  const t = useT();
  return (
    <details className={`text-xs ${className}`}>
      <summary className="cursor-pointer select-none underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600">
        {t('common.error.details.summary')}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {technicalDetailsOf(error, t).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="opacity-80">{label}</dt>
            {/* Codes, ids, addresses and the service's words: shown as sent, never translated. */}
            <dd translate="no" className="break-all font-mono">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
