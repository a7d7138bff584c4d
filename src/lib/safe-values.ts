/**
 * Values from the service that end up in an attribute or a style are checked first: they
 * are data, and only the harmless shapes are used.
 */

/** An absolute http(s) URL, normalized; anything else (javascript:, data:, relative) is null. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa) or null: nothing else reaches a style. */
export function hexColorOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return HEX_COLOR.test(trimmed) ? trimmed : null;
}

/** A short, readable form of an id for places with no name to show. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}
