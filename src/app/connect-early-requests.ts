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

/** The workspace's cache being filled from them: settles once the replies are in it. */
let filling: Promise<void> | undefined;

/**
 * Done with: the workspace they were for is filling its cache with them (`filled`), and a
 * later opening asks afresh.
 */
export function forgetSentAtConnect(filled: Promise<void>): void {
  sentAtConnect = null;
  filling = filled;
}

/**
 * Settles when the replies sent at Connect are in the workspace's cache, or after
 * `atMostMs`: the screen then renders once, with its rows. Opened while those replies
 * were landing, it rendered again when they did (when pages rendered as transitions, in
 * slices, the first render was started again from the top: ~40 ms twice at 2× CPU).
 */
export function sentAtConnectFilled(atMostMs: number): Promise<unknown> {
  const filled = filling;
  filling = undefined;
  // Nothing being filled (no requests were sent at Connect): nothing to wait for.
  return Promise.race([filled, new Promise((resolve) => setTimeout(resolve, atMostMs))]);
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
