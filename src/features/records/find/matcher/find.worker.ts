/**
 * Finds text in a table off the main thread: formatting every value of 100,000 records in
 * the language on screen and comparing it is the slow part of a find, and typing and
 * scrolling must stay smooth meanwhile. Given the connection, the worker also reads the
 * view itself, so each page's reply is parsed here and the page only ever receives the
 * matches (find-worker-core.ts).
 */
import type { FindRequest } from './find-protocol';
import { createFindWorker } from './find-worker-core';

const handle = createFindWorker({ post: (message) => self.postMessage(message) });

self.onmessage = (event: MessageEvent<FindRequest>) => handle(event.data);
