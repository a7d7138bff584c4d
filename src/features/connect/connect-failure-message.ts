import { isApiError } from '../../lib/api/errors';

/**
 * What went wrong when checking a key, worded for someone who was just handed a URL and
 * a key. The client's messages already cover 401, 403 and unreachable services; a 404 or
 * a non-JSON answer here means the address is not a Workspace Data Service at all.
 */
export function connectFailureMessage(error: unknown, serviceLabel: string): string {
  if (!isApiError(error)) {
    return 'Something unexpected went wrong while checking the key. Reload the page and try again.';
  }
  if (error.kind === 'not_a_service' || (error.kind === 'http' && error.status === 404)) {
    return `${serviceLabel} does not look like a Workspace Data Service: it has no /api/public/v1/tables. Check the Service URL (just the address, without /api/...).`;
  }
  return error.message;
}
