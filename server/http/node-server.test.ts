import type { Server, ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeServer } from './node-server';

const servers: Server[] = [];
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose every answer is `bodyBytes` long, counting the requests it has started. */
async function listen(bodyBytes: number, limits: Parameters<typeof createNodeServer>[1] = {}) {
  const stats = {
    parsed: 0,
    started: 0,
    latest: null as ServerResponse | null,
    closedConnections: 0,
  };
  const body = 'x'.repeat(bodyBytes);
  const server = createNodeServer((_request, env) => {
    stats.started += 1;
    stats.latest = env.outgoing as ServerResponse;
    return new Response(body, { headers: { 'Content-Type': 'text/plain' } });
  }, limits);
  server.on('request', () => {
    stats.parsed += 1;
  });
  server.on('connection', (socket: Socket) => {
    socket.on('close', () => {
      stats.closedConnections += 1;
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, stats };
}

function pipelined(port: number, count: number): Socket {
  const client = connect(port, '127.0.0.1');
  clients.push(client);
  client.write('GET /page HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(count));
  return client;
}

describe('node server', () => {
  it('a client that pipelines many requests and does not read holds one answer, not all of them; reading gets every answer', async () => {
    const { port, stats } = await listen(1024 * 1024);
    const client = pipelined(port, 20);
    client.pause();
    // All 20 requests are read; the kernel's socket buffers take the first few answers,
    // then the answer being written stalls with its body still in the process.
    await vi.waitFor(() => {
      expect(stats.parsed).toBe(20);
      expect(stats.latest?.writableFinished).toBe(false);
      expect(stats.latest?.writableLength).toBeGreaterThan(0);
    });
    expect(stats.started).toBeLessThanOrEqual(8);

    let received = '';
    client.setEncoding('latin1');
    client.on('data', (chunk: string) => {
      // Keep the status lines only; the bodies are 20 MB of x.
      received += chunk.replace(/x+/g, '');
    });
    client.resume();
    await vi.waitFor(() => expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(20), {
      timeout: 20_000,
    });
    expect(stats.started).toBe(20);
  });

  it('closes a connection that queues more pipelined requests than allowed', async () => {
    const { port, stats } = await listen(1024 * 1024, { maxQueuedPerConnection: 4 });
    const client = pipelined(port, 50);
    client.pause();
    // Closed by the server at once, though the client neither reads nor goes idle for long.
    await vi.waitFor(() => expect(stats.closedConnections).toBe(1));
    expect(stats.started).toBeLessThan(50);
  });

  it('closes a connection that sends its request head too slowly', async () => {
    const { port } = await listen(10, { headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const client = connect(port, '127.0.0.1');
    clients.push(client);
    let received = '';
    client.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    client.write('GET /page HTTP/1.1\r\nHost: local');
    await new Promise<void>((resolve) => client.on('close', () => resolve()));
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
