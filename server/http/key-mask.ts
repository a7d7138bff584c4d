/**
 * The one masking of API keys, for log lines and error messages alike.
 *
 * Anything of the form `<prefix>_live_<random>` is a plausible key: ours are
 * `svc_live_<hex>`, Onnie's `onn_live_…`, and a client may hold a key of another service
 * of the same family. Such a text keeps its prefix (it says which kind of key was sent,
 * which helps a person reading the message) and loses everything after `_live_` up to the
 * next character no key holds (space, quote, and the separators of URLs and queries).
 */
const KEY_LIKE = /([A-Za-z0-9]+_live_)[^\s"'`&;,:/?#=\\<>()[\]{}]*/gi;

/** `text` with every key-like part masked as `<prefix>_live_…`. */
export function maskKeys(text: string): string {
  // Most texts hold no key: no second string is made for them.
  if (!/_live_/i.test(text)) return text;
  return text.replace(KEY_LIKE, '$1…');
}
