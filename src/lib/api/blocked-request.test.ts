import { afterEach, describe, expect, it } from 'vitest';
import {
  blockedByPolicyMessage,
  classifyFailedFetch,
  connectSourcesOf,
  resetPolicyViolations,
  watchPolicyViolations,
} from './blocked-request';

afterEach(resetPolicyViolations);

/** What Chromium dispatches when connect-src refuses a fetch. */
function refuse(blockedURI: string, originalPolicy: string) {
  const event = new Event('securitypolicyviolation') as Event & Record<string, string>;
  Object.assign(event, { effectiveDirective: 'connect-src', blockedURI, originalPolicy });
  document.dispatchEvent(event);
}

const POLICY =
  "default-src 'self'; connect-src 'self' https: http://127.0.0.1:9000; img-src 'self' data: https:";

describe('a request the page’s Content-Security-Policy refused', () => {
  it('reads the sources connect-src names, else default-src’s', () => {
    expect(connectSourcesOf(POLICY)).toEqual(["'self'", 'https:', 'http://127.0.0.1:9000']);
    expect(connectSourcesOf("default-src 'self'")).toEqual(["'self'"]);
    expect(connectSourcesOf("img-src 'self'")).toBeNull();
  });

  it('says which services the dashboard may reach and what its operator can do', async () => {
    watchPolicyViolations();
    const startedAt = Date.now();
    refuse('http://data.example.com/api/public/v1/tables', POLICY);
    const failure = await classifyFailedFetch(
      'http://data.example.com/api/public/v1/tables',
      startedAt,
      () => Promise.reject(new Error('not asked')),
    );
    expect(failure).toBe('blocked_csp');
    const message = blockedByPolicyMessage('http://data.example.com');
    expect(
      message.startsWith(
        `This dashboard may only reach this site (${location.host}), any https:// service and http://127.0.0.1:9000, so the browser did not let it reach http://data.example.com.`,
      ),
    ).toBe(true);
    expect(message).toContain('--connect-src');
    expect(message).toContain('--proxy http://data.example.com');
    expect(message).toContain('docs/deployment.md');
    expect(message).not.toMatch(/Content-Security-Policy does not allow/);
  });

  it('still says what to do when no policy was reported', () => {
    expect(blockedByPolicyMessage('http://x.example')).toMatch(
      /^This dashboard may only reach the services its operator allowed, so the browser did not let it reach http:\/\/x\.example\./,
    );
  });
});
