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
let sentAtConnect: EarlyResponses | null = null;

/** Sends the first requests of `path` (an in-app path, e.g. `/tables/<id>?sort=…`) with `connection`. */
export function sendRequestsOnConnect(connection: Connection, path: string): void {
  // Whatever the page keeps on the device for that view is not known before the
  // workspace is: a place kept further down costs this one unused first page.
  const requests = firstRequestsOf(firstScreenOf(`#${path}`), null, 'send');
  sentAtConnect = requests.length === 0 ? null : startEarlyRequests(connection, requests);
}

/** The fetch a client for `connection` uses to take the replies sent at Connect, if any. */
export function fetchSentAtConnect(connection: Connection): typeof fetch | null {
  return sentAtConnect !== null && sameConnection(sentAtConnect.connection, connection)
    ? sentAtConnect.fetch
    : null;
}
