import { createHash, randomUUID } from 'node:crypto';

/** A UUID derived from a name, so seeded ids are stable across runs and documentable. */
export function stableUuid(name: string): string {
  return formatUuid(createHash('sha256').update(name).digest());
}

/** Formats 16+ bytes as an RFC 4122 version-4-shaped UUID. */
export function formatUuid(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newUuid(): string {
  return randomUUID();
}

/** Short opaque token shown as `alias_id`. */
export function aliasOf(id: string): string {
  return createHash('sha256').update(`alias:${id}`).digest('base64url').slice(0, 10);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * The id as stored (lower case) when `text` is a UUID in any case, else null. RFC 9562 has
 * UUIDs compared without regard to case, and the OpenAPI documents say `format: uuid`: so
 * an id in a path, a filter or `view` is matched the same way wherever it is sent.
 */
export function uuidOf(text: string): string | null {
  const lower = text.toLowerCase();
  return isUuid(lower) ? lower : null;
}
