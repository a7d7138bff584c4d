import { cpSync, createReadStream, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTENT_TYPES } from '../../server/routes/dashboard';

/**
 * A plain static file server for the e2e tests, standing in for "any static host": it
 * serves the files of one directory under one URL prefix (`/tools/workspace/`), answers
 * a directory with its index.html and anything else with 404. No rewrites, no fallback
 * to index.html, no API: exactly what a bucket or a bare nginx `root` does.
 */

export interface StaticServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The origin plus the mount path, e.g. http://127.0.0.1:41234/tools/workspace/ */
  url: string;
  /** Every request path (without query) seen so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface StaticServerOptions {
  /** The directory whose files are served. */
  root: string;
  /** The URL prefix they are served under; '/' by default. Always ends with '/'. */
  mountPath?: string;
  /** Added to every file response: the security headers a deployment would set. */
  headers?: Record<string, string>;
}

function send(response: ServerResponse, status: number, text: string, extra = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...extra });
  response.end(text);
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const mountPath = (options.mountPath ?? '/').replace(/\/?$/, '/');
  const requests: string[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const urlPath = new URL(request.url ?? '/', 'http://static.invalid').pathname;
    requests.push(urlPath);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
      return;
    }
    // Like most file servers: the mount point without its slash redirects to it.
    if (`${urlPath}/` === mountPath) {
      send(response, 301, 'Moved', { Location: mountPath });
      return;
    }
    if (!urlPath.startsWith(mountPath)) {
      send(response, 404, 'Not found');
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath.slice(mountPath.length));
    } catch {
      send(response, 400, 'Bad path');
      return;
    }
    let file = path.resolve(root, `.${path.posix.sep}${relative}`);
    if (relative.includes('\0') || (file !== root && !file.startsWith(root + path.sep))) {
      send(response, 404, 'Not found');
      return;
    }
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        if (!urlPath.endsWith('/')) {
          send(response, 301, 'Moved', { Location: `${urlPath}/` });
          return;
        }
        file = path.join(file, 'index.html');
        info = await stat(file);
      }
      if (!info.isFile()) throw new Error('not a file');
      response.writeHead(200, {
        'Content-Type':
          CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': String(info.size),
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...options.headers,
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(file).pipe(response);
    } catch {
      send(response, 404, 'Not found');
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, 'Internal error');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}${mountPath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The headers docs/deployment.md recommends, for a service at `serviceOrigin`. */
export function deploymentHeaders({
  serviceOrigin,
  frameAncestors = "'none'",
}: {
  serviceOrigin: string;
  frameAncestors?: string;
}): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `connect-src 'self' ${serviceOrigin}`,
      "img-src 'self' data: https:",
      "style-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
  };
}

/** The built dashboard (`npm run build` runs before the e2e step). */
export const DIST_DIR = path.resolve(import.meta.dirname, '../../dist');

/**
 * Copies dist/ to `directory` as someone deploying it would, with `config` as its
 * config.json: an object is written as JSON, a string as it is (to test a broken file).
 */
export function deployDashboard(
  directory: string,
  config?: Record<string, unknown> | string,
): void {
  cpSync(DIST_DIR, directory, { recursive: true });
  if (config !== undefined) {
    const text = typeof config === 'string' ? config : `${JSON.stringify(config, null, 2)}\n`;
    writeFileSync(path.join(directory, 'config.json'), text);
  }
}
