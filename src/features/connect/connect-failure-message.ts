import { isApiError } from '../../lib/api/errors';

/**
 * What went wrong when checking a key, worded for someone who was just handed a URL and
 * a key. The client's messages already cover 401, 403, unreachable, cut and blocked
 * requests; a 404 or a non-JSON answer here means the address is not a Workspace Data
 * Service at all.
 */
export function connectFailureMessage(error: unknown, serviceLabel: string): string {
  if (!isApiError(error)) {
    return 'Something unexpected went wrong while checking the key. Reload the page and try again.';
  }
  const wrongAddress =
    (error.kind === 'not_a_service' &&
      (error.failure === null ||
        error.failure === 'not_json' ||
        error.failure === 'unknown_shape')) ||
    (error.kind === 'http' && error.status === 404);
  if (wrongAddress) {
    return `Nothing at ${serviceLabel} answered like a workspace data service. Check the Service URL: it is just the address, such as https://data.example.com.`;
  }
  return error.message;
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
export function connectFailureHint(error: unknown, serviceUrl: string): ConnectFailureHint | null {
  if (!isApiError(error) || error.kind !== 'network') return null;
  const upstream = serviceUrl === '' ? '<service URL>' : serviceUrl;
  const command = `npm run server -- --proxy ${upstream} --dashboard dist`;
  if (error.failure === 'blocked_cors') {
    return {
      text: 'This service does not allow other sites to read it from a browser (no CORS). Serve the dashboard through the reference server in proxy mode, open the address it prints, and leave the Service URL empty:',
      command,
    };
  }
  if (error.failure === 'blocked_csp') {
    return {
      text: 'To serve this dashboard with that service behind it on one address, its operator can run the reference server in proxy mode, then open the address it prints and leave the Service URL empty:',
      command,
    };
  }
  return null;
}
