/**
 * Whether this page load is the embedded admin view. The view is asked for with a
 * `#/embed…` route (`#/embed/tables/<id>`) or with `?embed=1`, either in the page's query
 * or in the hash's (`#/tables/<id>?embed=1`). The mode is fixed for the page's life, and
 * every in-app URL stays under `#/embed` (the router's basename), so a reload of the
 * frame is still the embedded view.
 */
export const EMBED_BASENAME = '/embed';

const FLAG = 'embed';

function flagIsOn(query: URLSearchParams): boolean {
  const value = query.get(FLAG);
  return value === '1' || value === 'true';
}

export interface EmbedMode {
  embedded: boolean;
  /** The hash the page should have: `?embed=1` is rewritten to the `#/embed…` form. */
  hash: string;
}

export function embedModeOf(location: { search: string; hash: string }): EmbedMode {
  const inHash = location.hash.replace(/^#/, '');
  const queryStart = inHash.indexOf('?');
  const path = (queryStart === -1 ? inHash : inHash.slice(0, queryStart)) || '/';
  const hashQuery = new URLSearchParams(queryStart === -1 ? '' : inHash.slice(queryStart + 1));

  if (path === EMBED_BASENAME || path.startsWith(`${EMBED_BASENAME}/`)) {
    return { embedded: true, hash: location.hash };
  }
  if (!flagIsOn(new URLSearchParams(location.search)) && !flagIsOn(hashQuery)) {
    return { embedded: false, hash: location.hash };
  }
  // The rest of the query is kept byte for byte: it is the page's view state (sort, filters).
  const rest =
    queryStart === -1
      ? ''
      : inHash
          .slice(queryStart + 1)
          .split('&')
          .filter((part) => part !== '' && part.split('=')[0] !== FLAG)
          .join('&');
  const embeddedPath = path === '/' ? EMBED_BASENAME : `${EMBED_BASENAME}${path}`;
  return { embedded: true, hash: `#${embeddedPath}${rest === '' ? '' : `?${rest}`}` };
}
