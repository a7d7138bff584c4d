import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { keepYoungGenerationSmall } from '../db/memory-budget';
import type { FastPath } from './records-fast-path';

/**
 * Limits for clients that send slowly or read slowly. Node's own defaults (a minute for
 * headers, five for a request, no idle limit) let a few hundred idle or stalled
 * connections hold memory indefinitely.
 */
export const NODE_SERVER_LIMITS = {
  /** Whole request head must arrive within this (slowloris). */
  headersTimeoutMs: 10_000,
  /** Whole request, head and body. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A connection where no byte moves either way (e.g. a client that stopped reading). */
  idleTimeoutMs: 30_000,
  /** Pipelined requests waiting behind the one being answered; more closes the connection. */
  maxQueuedPerConnection: 32,
};

type Fetch = Parameters<typeof getRequestListener>[0];
type Pending = [IncomingMessage, ServerResponse];

interface ConnectionState {
  answering: boolean;
  queue: Pending[];
}

/**
 * An HTTP/1.1 server for `fetch` that answers one request per connection at a time and
 * starts the next only once the previous response has left the process (the socket is
 * drained). A client that pipelines many requests and never reads therefore holds at
 * most one response in the server's memory, not one per request; the idle timeout then
 * closes it.
 *
 * `fastPath` (the app's, from `fastPathOf`) is offered each request first; what it
 * declines goes to `fetch`.
 */
export function createNodeServer(
  fetch: Fetch,
  limits: Partial<typeof NODE_SERVER_LIMITS> = {},
  fastPath?: FastPath,
): Server {
  const settings = { ...NODE_SERVER_LIMITS, ...limits };
  // The server's memory stays within its budget under any mix of queries (decision 028).
  keepYoungGenerationSmall();
  const listener = getRequestListener(fetch);
  const states = new WeakMap<Socket, ConnectionState>();

  const answer = (state: ConnectionState, socket: Socket, [request, response]: Pending) => {
    state.answering = true;
    let done = false;
    const next = () => {
      if (done) return;
      done = true;
      const proceed = () => {
        state.answering = false;
        const queued = state.queue.shift();
        if (queued !== undefined && !socket.destroyed) answer(state, socket, queued);
      };
      if (socket.writableNeedDrain && !socket.destroyed) socket.once('drain', proceed);
      else proceed();
    };
    response.once('finish', next);
    response.once('close', next);
    if (fastPath === undefined || !fastPath(request, response)) void listener(request, response);
  };

  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      keepAliveTimeout: settings.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default is every 30 s).
      connectionsCheckingInterval: 1000,
    },
    (request, response) => {
      const socket = request.socket;
      let state = states.get(socket);
      if (state === undefined) {
        state = { answering: false, queue: [] };
        states.set(socket, state);
      }
      if (!state.answering) {
        answer(state, socket, [request, response]);
      } else if (state.queue.length < settings.maxQueuedPerConnection) {
        state.queue.push([request, response]);
      } else {
        state.queue.length = 0;
        socket.destroy();
      }
    },
  );
  // Without a callback, a timed-out socket is destroyed.
  server.setTimeout(settings.idleTimeoutMs);
  return server;
}
