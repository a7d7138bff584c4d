/** What the find tests search: one TEXT column, records called "haddad n" or "okafor n". */
import { ApiError } from '../../../lib/api/errors';
import type { RecordRow } from '../../../lib/api/types';
import { record } from '../testing/records-test-utils';

export const PLAN = {
  locale: 'en',
  yes: 'yes',
  no: 'no',
  columns: [{ name: 'name', type: 'TEXT' as const, currency: null, optionLabels: null }],
};

/** Record n is called "haddad n" when n is a multiple of 3, else "okafor n". */
export function rows(count: number): RecordRow[] {
  return Array.from({ length: count }, (_, n) =>
    record(`r${n}`, { name: `${n % 3 === 0 ? 'haddad' : 'okafor'} ${n}` }),
  );
}

export function rateLimited(): ApiError {
  return new ApiError({
    kind: 'http',
    status: 429,
    code: 'rate_limited',
    reason: null,
    message: 'Too many requests.',
    retryAfterSeconds: 0,
  });
}
