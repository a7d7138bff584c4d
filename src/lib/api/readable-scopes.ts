import { ApiError, isApiError } from './errors';
import { type ApiClient, READ_SCOPES, type Scope } from './types';

/**
 * What a key may read, found out at connect with one `limit=1` request per kind of data,
 * all at once (CONTRACT §1: each list has its own scope). A key that can read skills but
 * not tables connects and sees skills; only a key that can read nothing is refused.
 *
 * Rejects with the first error that is not "you may not read this": a 401 (the key itself
 * is wrong) wins over everything, then the tables probe's own error (an address that is not
 * a service at all), then any other.
 */
export async function probeReadableScopes(
  client: ApiClient,
  request: { signal?: AbortSignal } = {},
): Promise<Scope[]> {
  const results = await Promise.allSettled(
    READ_SCOPES.map((scope) => client.canRead(scope, request)),
  );
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  const rejectedKey = failures.find((error) => isApiError(error) && error.status === 401);
  const firstFailure = rejectedKey ?? failures[0];
  if (firstFailure !== undefined) throw firstFailure;
  const readable = READ_SCOPES.filter((_, index) => {
    const result = results[index];
    return result?.status === 'fulfilled' && result.value;
  });
  if (readable.length === 0) throw nothingReadableError();
  return readable;
}

function nothingReadableError(): ApiError {
  return new ApiError({
    kind: 'http',
    status: 403,
    code: 'forbidden',
    reason: 'insufficient_scope',
    message:
      'This key works, but it is not allowed to see anything the dashboard shows (tables, skills, tasks, pages or projects). Ask whoever manages your workspace’s keys for one that can.',
  });
}
