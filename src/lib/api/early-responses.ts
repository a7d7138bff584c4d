/**
 * The first screen's requests, sent by the start-up script (src/main.ts) while the app's
 * code is still downloading, and handed to the API client made for the same connection:
 * the client's first GET of one of these URLs takes the reply already on its way instead
 * of asking again. Only the sending is early. Reading, checking and parsing the reply stay
 * the client's, as for any other reply, so this module needs none of that code.
 */
import {
  getRequestInit,
  normalizeServiceUrl,
  pageParameters,
  recordQueryParameters,
  recordsPath,
  requestUrlOf,
  SKILLS_PATH_CANDIDATES,
  skillPath,
  TABLES_PAGE_SIZE,
  TABLES_PATH,
  tablePath,
} from './endpoints';
import type { Connection, RecordQuery } from './types';

/** A request the client would make, named as the client's own calls name it. */
export type EarlyRequest =
  /** getTable(tableId) */
  | { kind: 'table'; tableId: string }
  /** listRecords(tableId, query, { cursor: null, limit }): a view's first page */
  | { kind: 'records'; tableId: string; query: RecordQuery; limit: number }
  /** getSkill(skillId), on the skills path the connection knows (else the first one tried) */
  | { kind: 'skill'; skillId: string }
  /** listTables({ cursor: null, limit: TABLES_PAGE_SIZE }): the sidebar's first page */
  | { kind: 'tables' };

export interface EarlyResponses {
  /** The connection the requests were sent with: only its client may take them. */
  readonly connection: Connection;
  /**
   * A fetch for createApiClient: the first GET of a URL sent early, with this connection's
   * key, gets that reply (aborted with the caller's signal, like its own request would
   * be); everything else goes to the network.
   */
  readonly fetch: typeof fetch;
}

function urlOf(connection: Connection, request: EarlyRequest): string {
  const baseUrl = normalizeServiceUrl(connection.serviceUrl);
  switch (request.kind) {
    case 'table':
      return requestUrlOf(baseUrl, tablePath(request.tableId), []);
    case 'records':
      return requestUrlOf(
        baseUrl,
        recordsPath(request.tableId),
        recordQueryParameters(request.query, { cursor: null, limit: request.limit }),
      );
    case 'tables':
      return requestUrlOf(baseUrl, TABLES_PATH, pageParameters({ limit: TABLES_PAGE_SIZE }));
    case 'skill':
      return requestUrlOf(
        baseUrl,
        skillPath(connection.skillsPath ?? SKILLS_PATH_CANDIDATES[0] ?? '/v1', request.skillId),
        [],
      );
  }
}

function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

export function startEarlyRequests(
  connection: Connection,
  requests: readonly EarlyRequest[],
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): EarlyResponses {
  const sent = new Map<string, { reply: Promise<Response>; controller: AbortController }>();
  for (const request of requests) {
    const url = urlOf(connection, request);
    if (sent.has(url)) continue;
    const controller = new AbortController();
    const reply = fetchImpl(url, getRequestInit(connection.apiKey, controller.signal));
    // A reply nobody takes (a page that asks differently) must fail quietly: an unhandled
    // rejection is a console error. The client that takes it sees the failure as its own.
    reply.catch(() => undefined);
    sent.set(url, { reply, controller });
  }
  const authorization = authorizationOf(getRequestInit(connection.apiKey, null));

  const takeOrFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : null;
    const early = url === null ? undefined : sent.get(url);
    if (
      url === null ||
      early === undefined ||
      (init?.method ?? 'GET') !== 'GET' ||
      authorizationOf(init) !== authorization
    ) {
      return fetchImpl(input, init);
    }
    sent.delete(url);
    const signal = init?.signal;
    if (signal) {
      if (signal.aborted) early.controller.abort(signal.reason);
      else
        signal.addEventListener('abort', () => early.controller.abort(signal.reason), {
          once: true,
        });
    }
    return early.reply;
  };
  return { connection, fetch: takeOrFetch };
}
