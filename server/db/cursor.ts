import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SortTarget } from './record-query';
import type { TableInfo } from './user-tables';
import type { WorkspaceDb } from './workspace-db';

/**
 * Cursors are `base64url(JSON position) . base64url(HMAC)`. The MAC covers the list's
 * binding (list id, sort, filters) as well as the position, but the binding is not in the
 * cursor: a cursor replayed on another list, sort or filter set simply fails to verify.
 */
const MAC_BYTES = 16;

/** The longest cursor read; a page's cursor is far shorter (long sort keys travel hashed). */
export const MAX_CURSOR_CHARS = 4096;
/** `<position>.<MAC>`, both base64url; the MAC is MAC_BYTES (16) bytes, 22 characters. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}$';
const CURSOR = new RegExp(CURSOR_PATTERN);

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
  if (cursor.length > MAX_CURSOR_CHARS || !CURSOR.test(cursor)) return null;
  const dot = cursor.indexOf('.');
  const body = cursor.slice(0, dot);
  const mac = cursor.slice(dot + 1);
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

/**
 * Sort keys longer than this travel as their hash. The key itself is read back from the
 * record the page ended on (the cursor carries its id), so issuing or following a
 * cursor never writes and needs nothing stored beside the records. Should that record
 * have changed its value or gone, the hash no longer matches and the cursor is refused
 * (start again), never followed from a wrong place.
 */
export const LONG_KEY_CHARS = 200;

export function longKeyToken(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The full sort key behind `token`, read from record `id`; null if it does not match. */
export function longKeyOf(
  db: WorkspaceDb,
  table: TableInfo,
  target: SortTarget,
  id: string,
  token: string,
): string | null {
  if (target.kind !== 'column') return null;
  const row = db
    .statement(`SELECT k${target.column.slot} FROM ${table.storage} WHERE id = ?`)
    .pluck(true)
    .get(id) as unknown;
  return typeof row === 'string' && longKeyToken(row) === token ? row : null;
}
