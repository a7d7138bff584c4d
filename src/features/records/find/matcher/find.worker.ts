/**
 * Finds text in a table off the main thread: formatting every value of 100,000 records in
 * the language on screen and comparing it is the slow part of a find, and typing and
 * scrolling must stay smooth meanwhile. The store (find-store.ts) holds what was searched.
 */
import type { FindReply, FindRequest } from './find-protocol';
import { FindStore } from './find-store';

let session = -1;
let store: FindStore | null = null;

function reply(message: FindReply): void {
  self.postMessage(message);
}

self.onmessage = (event: MessageEvent<FindRequest>) => {
  const request = event.data;
  if (request.type === 'start') {
    session = request.session;
    store = new FindStore(request.plan, new Map(request.people));
    store.setQuery(request.query);
    return;
  }
  if (request.session !== session || store === null) return;
  if (request.type === 'page') {
    const names = new Map(request.names);
    reply({ session, seq: request.seq, update: store.addPage(request.rows, names) });
  } else {
    reply({ session, seq: request.seq, update: store.setQuery(request.query) });
  }
};
