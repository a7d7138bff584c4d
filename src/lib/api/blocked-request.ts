/**
 * The browser says only "Failed to fetch" whether the service is down, the connection
 * was refused, or the browser itself refused the request. These checks tell the cases
 * apart after the fact, so the user reads what actually happened.
 */
import type { TransportFailure } from './errors';

interface Violation {
  origin: string;
  at: number;
}

const recentViolations: Violation[] = [];
let listening = false;

function originOf(url: string): string | null {
  try {
    return new URL(url, globalThis.location?.href).origin;
  } catch {
    return null;
  }
}

/** Starts noting Content-Security-Policy refusals; safe to call more than once. */
export function watchPolicyViolations(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective !== 'connect-src') return;
    const origin = originOf(event.blockedURI);
    if (origin === null) return;
    recentViolations.push({ origin, at: Date.now() });
    if (recentViolations.length > 20) recentViolations.shift();
  });
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]'
  );
}

/** An https page may not ask a plain-http service (other than this machine) for anything. */
export function isMixedContent(url: string): boolean {
  if (globalThis.location?.protocol !== 'https:') return false;
  try {
    const target = new URL(url, globalThis.location.href);
    return target.protocol === 'http:' && !isLoopback(target.hostname);
  } catch {
    return false;
  }
}

/** The violation event is queued as a task; give it one turn to arrive. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * Why a fetch() that never produced a response failed. A no-cors request (no key, no
 * headers, an unreadable answer) that gets through proves the service is there and the
 * failure was CORS; one that fails too means the service is unreachable.
 */
export async function classifyFailedFetch(
  url: string,
  startedAt: number,
  fetchImpl: typeof fetch,
): Promise<TransportFailure> {
  if (isMixedContent(url)) return 'blocked_mixed_content';
  await nextTask();
  const origin = originOf(url);
  if (origin !== null && recentViolations.some((v) => v.origin === origin && v.at >= startedAt)) {
    return 'blocked_csp';
  }
  try {
    await fetchImpl(url, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      // no-cors requests must follow redirects (the fetch standard); it carries no key.
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return 'blocked_cors';
  } catch {
    return 'unreachable';
  }
}
