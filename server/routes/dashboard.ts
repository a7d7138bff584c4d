import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import { acceptedEncodings } from '../http/compression';
import type { AppEnv } from '../http/context';
import { errorResponse } from '../http/edge';
import { notFound } from '../http/errors';
import { DEMO_PEOPLE_SOURCE } from '../seed/demo-seed';

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
  // `https:`: the connect screen takes any service's URL (the real service included), and
  // 'self' alone made every other service fail as if it were a CORS problem. Plain-http
  // services other than this origin must be named (--connect-src, or --proxy's upstream).
  const connect = ["'self'", 'https:', ...config.connectSources].join(' ');
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
      // The demo key is for this server's own dashboard: no CORS headers, so no other
      // origin's page reads it, and no key at all when the request shows it comes from one.
      c.set('sameOriginOnly', true);
      const fromElsewhere = isCrossOrigin(
        c.req.header('sec-fetch-site'),
        c.req.header('origin'),
        c.req.header('host'),
      );
      const body = JSON.stringify({
        serviceUrl: '',
        title: 'Workspace Browser demo',
        // Names for the demo's task assignees and project leads: its Team table.
        people: DEMO_PEOPLE_SOURCE,
        ...(fromElsewhere ? {} : { demoKey: config.demoKey }),
      });
      return new Response(body, {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'Cross-Origin-Resource-Policy': 'same-origin',
          Vary: 'Origin, Sec-Fetch-Site',
        },
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
    const file = await readDashboardFile(root, path, c.req.header('accept-encoding'));
    if (file === null) return errorResponse(notFound(NO_FILE), c.get('requestId'));
    const extension = extname(file.path).toLowerCase();
    // Vite puts a content hash in every name under assets/: a new build is a new URL, so
    // those never need revalidating. index.html names them, so it is revalidated each time.
    const cacheControl = path.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      'Content-Length': String(file.body.byteLength),
      ETag: file.etag,
      ...security,
    };
    if (file.encoding !== null) headers['Content-Encoding'] = file.encoding;
    // A cache between here and the browser must key on it, or it hands Brotli to a client
    // that asked for none.
    if (file.variants) headers.Vary = 'Accept-Encoding';
    if (c.req.header('if-none-match') === file.etag) {
      const { 'Content-Length': _length, ...notModified } = headers;
      return new Response(null, { status: 304, headers: notModified });
    }
    return new Response(file.body, { headers });
  });

  return app;
}

/**
 * Whether a request evidently comes from another origin's page: the browser says so
 * (`Sec-Fetch-Site` other than same-origin, or none for an address typed by the person),
 * or an Origin header names another host than the one asked. Requests without either
 * (curl, an older browser's same-origin GET) are taken as the server's own.
 */
export function isCrossOrigin(
  fetchSite: string | undefined,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== (host ?? '').toLowerCase();
  } catch {
    // `Origin: null` (a sandboxed frame, a file) or garbage: not this server's page.
    return true;
  }
}

/** Precompressed siblings the build writes (vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

interface DashboardFile {
  path: string;
  body: Uint8Array<ArrayBuffer>;
  /** The Content-Encoding of `body`, or null for the file as built. */
  encoding: string | null;
  /** Whether compressed siblings exist, i.e. the answer depends on Accept-Encoding. */
  variants: boolean;
  etag: string;
}

async function readDashboardFile(
  root: string,
  urlPath: string,
  acceptEncoding?: string,
): Promise<DashboardFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(root, `.${decoded}`);
  if (path !== root && !path.startsWith(root + sep)) return null;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const accepted = acceptedEncodings(
    acceptEncoding,
    ENCODINGS.map((encoding) => encoding.name),
  );
  const siblings = await Promise.all(
    ENCODINGS.map(async (encoding) => ({
      ...encoding,
      info: await statOrNull(path + encoding.suffix),
    })),
  );
  const variants = siblings.some((sibling) => sibling.info !== null);
  for (const { name, suffix, info: sibling } of siblings) {
    // Only a sibling at least as new as the file: an edited file must never be shadowed by
    // the stale compressed copy of its old content.
    if (sibling === null || !accepted.has(name) || sibling.mtimeMs < info.mtimeMs) continue;
    const body = await readOrNull(path + suffix);
    if (body !== null) return { path, body, encoding: name, variants, etag: etagOf(info, name) };
  }
  const body = await readOrNull(path);
  if (body === null) return null;
  return { path, body, encoding: null, variants, etag: etagOf(info, 'identity') };
}

function etagOf(info: { size: number; mtimeMs: number }, encoding: string): string {
  return `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}-${encoding}"`;
}

async function statOrNull(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

async function readOrNull(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await readFile(path)) as Uint8Array<ArrayBuffer>;
  } catch {
    return null;
  }
}
