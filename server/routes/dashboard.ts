import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../http/context';
import { errorResponse } from '../http/edge';
import { notFound } from '../http/errors';

/** By file extension; also used by the e2e suite's plain static file server. */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const NO_FILE = 'No file of the dashboard is served at this path.';

/** Headers for the dashboard's own files: a CSP fit for a React SPA with hash routing. */
export function dashboardSecurityHeaders(config: ServerConfig): Record<string, string> {
  const connect = ["'self'", ...config.connectSources].join(' ');
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `connect-src ${connect}`,
      "img-src 'self' data: https:",
      // React sets inline styles through CSSOM, which CSP allows: no 'unsafe-inline'.
      "style-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${config.frameAncestors}`,
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * `/config.json` and the built dashboard. Mounted after the API, so API paths win; the
 * dashboard uses hash routing, so unknown files are a plain 404, not index.html.
 */
export function dashboardRoutes(config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const root = config.dashboardDir === null ? null : resolve(config.dashboardDir);
  const security = dashboardSecurityHeaders(config);

  app.get('/config.json', async (c) => {
    if (config.demoKey !== null) {
      const body = JSON.stringify({
        serviceUrl: '',
        title: 'Demo workspace',
        demoKey: config.demoKey,
      });
      return new Response(body, {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    const file = root === null ? null : await readDashboardFile(root, '/config.json');
    if (file === null) return errorResponse(notFound(NO_FILE), c.get('requestId'));
    return new Response(file.body, {
      headers: { 'Content-Type': CONTENT_TYPES['.json'] ?? '', 'Cache-Control': 'no-cache' },
    });
  });

  app.get('/*', async (c) => {
    if (root === null) return errorResponse(notFound(NO_FILE), c.get('requestId'));
    const path = c.req.path === '/' ? '/index.html' : c.req.path;
    const file = await readDashboardFile(root, path);
    if (file === null) return errorResponse(notFound(NO_FILE), c.get('requestId'));
    const extension = extname(file.path).toLowerCase();
    const cacheControl = path.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    return new Response(file.body, {
      headers: {
        'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'Cache-Control': cacheControl,
        ...security,
      },
    });
  });

  return app;
}

async function readDashboardFile(
  root: string,
  urlPath: string,
): Promise<{ path: string; body: Uint8Array<ArrayBuffer> } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(root, `.${decoded}`);
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    if (!info.isFile()) return null;
    return { path, body: new Uint8Array(await readFile(path)) as Uint8Array<ArrayBuffer> };
  } catch {
    return null;
  }
}
