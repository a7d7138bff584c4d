import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a real socket with node:http, the path and headers sent exactly as
 * given and the reply's bytes kept as they came (fetch() would decode a compressed body
 * and normalise the URL), for tests of what goes over the wire.
 */
export function rawRequest(
  target: { host: string; port: number | string; path: string },
  headers: Record<string, string | string[]>,
  method = 'GET',
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ ...target, method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export interface WireExchange {
  /** Every response the server wrote, in order, parsed from the bytes. */
  replies: RawReply[];
  /** Whether the server closed the connection (rather than leaving it open and quiet). */
  closed: boolean;
}

/**
 * Bytes written to a TCP socket exactly as given (framing node:http would never send:
 * odd Transfer-Encoding, bad chunks, bodies on GET), and what came back until the server
 * closed the connection or sent nothing more for `quietMs`.
 */
export function rawExchange(
  target: { host: string; port: number | string },
  bytes: string | Buffer,
  quietMs = 400,
): Promise<WireExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: Number(target.port) });
    const chunks: Buffer[] = [];
    let quiet: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(quiet);
      socket.destroy();
      resolve({ replies: parseReplies(Buffer.concat(chunks)), closed });
    };
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => done(false), quietMs);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      wait();
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      wait();
    });
    socket.on('close', () => done(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server's last byte is still a close.
      if (error.code === 'ECONNRESET') done(true);
      else reject(error);
    });
  });
}

/** HTTP/1.1 responses one after another, each framed by Content-Length (or none). */
function parseReplies(bytes: Buffer): RawReply[] {
  const replies: RawReply[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', offset);
    if (end === -1)
      throw new Error(`an incomplete response head: ${bytes.toString('latin1', offset)}`);
    const [statusLine = '', ...lines] = bytes.toString('latin1', offset, end).split('\r\n');
    const headers: IncomingHttpHeaders = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const body = bytes.subarray(end + 4, end + 4 + length);
    replies.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    offset = end + 4 + length;
  }
  return replies;
}
