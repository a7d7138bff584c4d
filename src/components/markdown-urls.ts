const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Only absolute http(s) and mailto links survive; `javascript:`, `data:`, relative paths
 * and anything unparseable lose their URL and render as plain text. Images: http(s) only.
 */
export function markdownUrlTransform(url: string, key: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const allowed = key === 'src' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS;
  return allowed.has(parsed.protocol) ? parsed.href : null;
}
