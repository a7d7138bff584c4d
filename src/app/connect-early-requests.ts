import { type EarlyResponses, startEarlyRequests } from '../lib/api/early-responses';
import type { Connection } from '../lib/api/types';
import { sameConnection } from '../lib/auth/connection-storage';
import { firstRequestsOf, firstScreenOf } from './first-screen-plan';

/**
 * The requests of the screen Connect leads to, sent when Connect is pressed, beside the
 * key's check, rather than once the check has answered and the page has rendered (at 2×
 * CPU the table's first page left ~190 ms after the click). The clients made for the same
 * connection take the replies (src/lib/api/early-responses.ts), as they take the start-up
 * script's. A key the check refuses leaves replies nobody takes: they are dropped.
 */
let sentAtConnect: { early: EarlyResponses; hash: string } | null = null;

/** Sends the first requests of `path` (an in-app path, e.g. `/tables/<id>?sort=…`) with `connection`. */
export function sendRequestsOnConnect(
  connection: Connection,
  path: string,
  withSidebar: boolean,
): void {
  // Whatever the page keeps on the device for that view is not known before the
  // workspace is: a place kept further down costs this one unused first page. The key's
  // scopes are not known yet either: one it turns out cannot list tables costs an
  // unused, refused first page of tables.
  const hash = `#${path}`;
  const requests = firstRequestsOf(firstScreenOf(hash), null, 'send', withSidebar);
  sentAtConnect =
    requests.length === 0 ? null : { early: startEarlyRequests(connection, requests), hash };
}

/** Done with: the workspace they were for has its cache filled (a later opening asks afresh). */
export function forgetSentAtConnect(): void {
  sentAtConnect = null;
}

/**
 * What was sent at Connect with `connection`, if anything: the fetch its client takes the
 * replies with, and the address of the screen they are for.
 */
export function sentAtConnectFor(
  connection: Connection,
): { fetch: typeof fetch; hash: string } | null {
  return sentAtConnect !== null && sameConnection(sentAtConnect.early.connection, connection)
    ? { fetch: sentAtConnect.early.fetch, hash: sentAtConnect.hash }
    : null;
}
