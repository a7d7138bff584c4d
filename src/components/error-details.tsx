import type { ApiError } from '../lib/api/errors';

/** The technical side of an error, as rows: for whoever is asked to look into it. */
export function technicalDetailsOf(error: ApiError): Array<readonly [string, string]> {
  const rows: Array<readonly [string, string]> = [];
  if (error.status !== null) rows.push(['HTTP status', String(error.status)]);
  if (error.code) rows.push(['Code', error.code]);
  if (error.reason) rows.push(['Reason', error.reason]);
  if (error.param) rows.push(['Parameter', error.param]);
  if (error.scope) rows.push(['Permission (scope)', error.scope]);
  if (error.requestId) rows.push(['Request ID', error.requestId]);
  if (error.url) rows.push(['Address', error.url]);
  if (rows.length === 0) rows.push(['Kind', error.kind]);
  return rows;
}

/**
 * "Details", closed by default: the status, codes, request ID and address behind a plain
 * sentence, one click away. Never holds the key (ApiError's url has no query and the key
 * travels in a header).
 */
export function ErrorDetails({ error, className = '' }: { error: ApiError; className?: string }) {
  return (
    <details className={`text-xs ${className}`}>
      <summary className="cursor-pointer select-none underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-600">
        Details
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {technicalDetailsOf(error).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="opacity-80">{label}</dt>
            <dd className="break-all font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
