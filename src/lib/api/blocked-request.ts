/**
 * The browser says only "Failed to fetch" whether the service is down, the connection
 * was refused, or the browser itself refused the request. These checks tell the cases
 * apart after the fact, so the user reads what actually happened. No catalog or language
 * here (./describe-error.ts words it): the client also runs in the find worker, which has
 * neither.
 */
import type { TransportFailure } from './errors';

interface Violation {
  origin: string;
  at: number;
}

const recentViolations: Violation[] = [];
let listening = false;
/** The connect-src of this page's policy, as the last refusal reported it. */
let connectSources: string[] | null = null;

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
    connectSources = connectSourcesOf(event.originalPolicy) ?? connectSources;
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

/** The sources a policy's connect-src (else default-src) names; null when it names none. */
export function connectSourcesOf(policy: string): string[] | null {
  const directives = policy.split(';').map((part) => part.trim().split(/\s+/));
  const named = (name: string) => directives.find((tokens) => tokens[0]?.toLowerCase() === name);
  const directive = named('connect-src') ?? named('default-src');
  return directive ? directive.slice(1) : null;
}

/** One source of a policy in words: `'self'` is this site, `https:` any https:// service. */
function sourceInWords(source: string, here: string): string | null {
  const lower = source.toLowerCase();
  if (lower === "'self'") return `this site (${here})`;
  if (lower === 'https:') return 'any https:// service';
  if (lower === 'http:') return 'any http:// service';
  if (lower === '*') return 'any service';
  if (lower.startsWith("'")) return null;
  return source;
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What a person reads when this page's Content-Security-Policy kept the browser from
 * reaching the service: which services the dashboard may reach (from the policy itself)
 * and what whoever runs it can change (docs/deployment.md).
 */
export function blockedByPolicyMessage(serviceLabel: string): string {
  const here = globalThis.location?.host || 'this site';
  const allowed = (connectSources ?? [])
    .map((source) => sourceInWords(source, here))
    .filter((words): words is string => words !== null);
  const reach =
    allowed.length === 0
      ? 'This dashboard may only reach the services its operator allowed'
      : `This dashboard may only reach ${listInWords(allowed)}`;
  return `${reach}, so the browser did not let it reach ${serviceLabel}. Use an https:// address for the service if it has one. Otherwise whoever runs this dashboard can allow ${serviceLabel} (the reference server's --connect-src, or the connect-src of the host's Content-Security-Policy), or serve the dashboard with --proxy ${serviceLabel} and leave the Service URL empty; see docs/deployment.md.`;
}

/** The connect-src of this page's policy, as the last refusal reported it; null when unknown. */
export function policyConnectSources(): readonly string[] | null {
  return connectSources;
}

/** For tests: forget the refusals seen so far. */
export function resetPolicyViolations(): void {
  recentViolations.length = 0;
  connectSources = null;
}
