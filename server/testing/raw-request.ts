import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

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
