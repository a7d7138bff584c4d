/** Characters of the key's end shown in a fingerprint: enough to tell keys apart, too few to matter. */
const VISIBLE_SUFFIX_LENGTH = 4;
/** Below this length even a suffix gives away too much of the secret. */
const MIN_LENGTH_FOR_SUFFIX = 16;

/**
 * What the dashboard shows instead of the key once connected: the key's kind prefix and
 * its last four characters, e.g. `svc_live_…3f9a`.
 */
export function keyFingerprint(apiKey: string): string {
  const key = apiKey.trim();
  // A prefix like `svc_live_` names the kind of key, not the secret part.
  const prefix = /^[A-Za-z]{2,10}_(?:[A-Za-z]{2,10}_)?/.exec(key)?.[0] ?? '';
  const suffix = key.length >= MIN_LENGTH_FOR_SUFFIX ? key.slice(-VISIBLE_SUFFIX_LENGTH) : '';
  return `${prefix}…${suffix}`;
}

/** Our keys and Onnie's look like `svc_live_<hex>`; anything else gets a gentle warning, not a refusal. */
export function looksLikeLiveKey(apiKey: string): boolean {
  return /^[A-Za-z0-9]+_live_[A-Za-z0-9]{8,}$/.test(apiKey.trim());
}
