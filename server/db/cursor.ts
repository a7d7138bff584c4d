import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WorkspaceDb } from './workspace-db';

/**
 * Cursors are `base64url(JSON position) . base64url(HMAC)`. The MAC covers the list's
 * binding (list id, sort, filters) as well as the position, but the binding is not in the
 * cursor: a cursor replayed on another list, sort or filter set simply fails to verify.
 */
const MAC_BYTES = 16;

export type CursorPosition = (string | number | boolean | null)[];

export function encodeCursor(secret: Buffer, binding: string, position: CursorPosition): string {
  const body = Buffer.from(JSON.stringify(position)).toString('base64url');
  return `${body}.${macOf(secret, binding, body).toString('base64url')}`;
}

/** The position, or null for anything that is not an untampered cursor of this list. */
export function decodeCursor(
  secret: Buffer,
  binding: string,
  cursor: string,
): CursorPosition | null {
  if (cursor.length > 4096) return null;
  const dot = cursor.indexOf('.');
  if (dot <= 0) return null;
  const body = cursor.slice(0, dot);
  const mac = cursor.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(mac)) return null;
  const given = Buffer.from(mac, 'base64url');
  // Re-encoding catches non-canonical base64 (e.g. a flipped last character that decodes the same).
  if (given.length !== MAC_BYTES || given.toString('base64url') !== mac) return null;
  if (!timingSafeEqual(given, macOf(secret, binding, body))) return null;
  try {
    const position: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return Array.isArray(position) ? (position as CursorPosition) : null;
  } catch {
    return null;
  }
}

function macOf(secret: Buffer, binding: string, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(binding)
    .update('\n')
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** Sort keys longer than this travel as a hash, looked up in `cursor_keys`. */
export const LONG_KEY_CHARS = 200;

export function storeLongKey(db: WorkspaceDb, key: string): string {
  const hash = createHash('sha256').update(key).digest('base64url');
  db.statement('INSERT OR IGNORE INTO cursor_keys (hash, sort_key) VALUES (?, ?)').run(hash, key);
  return hash;
}

export function lookupLongKey(db: WorkspaceDb, hash: string): string | null {
  const row = db.statement('SELECT sort_key FROM cursor_keys WHERE hash = ?').get(hash) as
    | { sort_key: string }
    | undefined;
  return row?.sort_key ?? null;
}
