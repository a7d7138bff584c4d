/**
 * What the find worker does with each message (find.worker.ts wires it to the worker's
 * own `self`): holds the store of the session, and walks the view itself when given the
 * connection (walk/view-search.ts), posting each page's update, its waits and its end.
 * Apart from the worker's globals so that tests drive it with their own client.
 */
import { createApiClient } from '../../../../lib/api/client';
import type { ApiClient, Connection } from '../../../../lib/api/types';
import { type ViewWalker, walkViewPages } from '../../count/view-walk';
import { type FindEnd, type FindResumePoint, findEndOf } from '../walk/find-walk';
import { clientNameSource, searchView } from '../walk/view-search';
import { endToWire } from '../walk/walk-wire';
import type { FindReply, FindRequest, LinkedName } from './find-protocol';
import { FindStore, type FindUpdate } from './find-store';
import { HeldPages } from './held-pages';
import { createLinkedNames } from './linked-names';
import { createMatchPosts } from './match-posts';
import { createNamesAhead } from './names-ahead';
import { addPageInSlices } from './page-in-slices';

export interface FindWorkerDeps {
  post: (message: FindReply) => void;
  /** The client a walk reads with (tests: a fake); default: the app's, on the connection. */
  clientOf?: (connection: Connection) => ApiClient;
  walker?: ViewWalker;
}

export function createFindWorker(deps: FindWorkerDeps): (request: FindRequest) => void {
  const { post } = deps;
  const walker = deps.walker ?? walkViewPages;
  let session = -1;
  /** The matches told to the page: a keystroke's answer at once, the walk's in batches. */
  const posts = createMatchPosts(post);
  /** The linked records' names handed over with the matches that show them. */
  const linkedNames = createLinkedNames();
  let store: FindStore | null = null;
  /** The session's walk under way, and where its last walk stopped at the cap. */
  let walking: AbortController | null = null;
  let resumeFrom: FindResumePoint | null = null;
  /** One client per connection: it paces itself by the service's rate limit. */
  let client: { connection: Connection; client: ApiClient } | null = null;
  /** The grid's pages handed over before a find asked for them. */
  const held = new HeldPages();
  const namesAhead = createNamesAhead((connection) => clientNameSource(clientFor(connection)));

  const clientFor = (connection: Connection): ApiClient => {
    if (
      client === null ||
      client.connection.serviceUrl !== connection.serviceUrl ||
      client.connection.apiKey !== connection.apiKey
    ) {
      client = {
        connection,
        client: deps.clientOf ? deps.clientOf(connection) : createApiClient(connection),
      };
    }
    return client.client;
  };

  const walk = async (request: Extract<FindRequest, { type: 'walk' }>, current: FindStore) => {
    walking?.abort();
    const controller = new AbortController();
    walking = controller;
    const from = request.resume ? resumeFrom : null;
    resumeFrom = null;
    const sessionOfWalk = request.session;
    /** Each searched page's update with the names its matches show. */
    const pageNames = new WeakMap<FindUpdate, LinkedName[]>();
    let end: FindEnd;
    try {
      const api = clientFor(request.connection);
      const walked = await searchView(
        {
          client: api,
          walker,
          nameSource: clientNameSource(api),
          namesOf: namesAhead.of,
          search: async (rows, names) => {
            const update = await addPageInSlices(current, rows, names, controller.signal);
            if (update.kind === 'append' && update.rows.length > 0) {
              pageNames.set(update, linkedNames.of(update.rows, request.columns, names));
            }
            return update;
          },
        },
        {
          tableId: request.tableId,
          query: request.query,
          columns: request.columns,
          loaded: request.held
            ? [...held.take(request.held.view, request.held.pages), ...request.loaded]
            : request.loaded,
          resume: request.resume,
          signal: controller.signal,
          onUpdate: (update) => {
            if (sessionOfWalk === session) posts.walked(update, pageNames.get(update));
          },
          onWait: (wait) => post({ type: 'walk-wait', session: sessionOfWalk, wait }),
        },
        from,
      );
      if (walked.kind === 'capped' && sessionOfWalk === session && !controller.signal.aborted) {
        resumeFrom = walked.resumeFrom;
      }
      end = findEndOf(walked);
    } catch (error) {
      end = { kind: 'failed', error };
    }
    if (walking === controller) walking = null;
    // The matches it found before its end, which the page shows with it.
    if (sessionOfWalk === session) posts.flush();
    post({ type: 'walk-end', session: sessionOfWalk, end: endToWire(end) });
  };

  return (request) => {
    if (request.type === 'hold') {
      held.hold(request.view, request.keep, request.pages);
      const { names } = request;
      if (names) namesAhead.read(names.connection, names.columns, held.rowsOf(request.view));
      return;
    }
    if (request.type === 'start') {
      walking?.abort();
      walking = null;
      resumeFrom = null;
      session = request.session;
      posts.reset(session);
      linkedNames.reset();
      store = new FindStore(request.plan, new Map(request.people));
      store.setQuery(request.query);
      return;
    }
    if (request.session !== session || store === null) return;
    if (request.type === 'stop') {
      walking?.abort();
    } else if (request.type === 'walk') {
      void walk(request, store);
    } else if (request.type === 'page') {
      posts.answer(request.seq, store.addPage(request.rows, new Map(request.names)));
    } else {
      // Between two slices of the walk's page (page-in-slices.ts): answered before the
      // page's matches, and with those the page was not sent yet narrowed by it.
      posts.answer(request.seq, store.setQuery(request.query));
    }
  };
}
