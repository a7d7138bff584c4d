import { useSyncExternalStore } from 'react';
import type { Scope } from '../api/types';
import { useOptionalAuthStore } from './auth-context';

export interface ReadableScopes {
  /**
   * Whether the connected key may read `scope`. True when it is not known (a session from
   * before scopes were probed, or no auth store, as in a component test): the screen then
   * explains a 403 itself.
   */
  canRead(scope: Scope): boolean;
  /** What the probe at connect found; null when not known. */
  scopes: readonly Scope[] | null;
}

const subscribeToNothing = () => () => {};
const readNothing = () => null;

/**
 * What the current key may read, for navigation: a sidebar entry for data the key cannot
 * read is left out or explained, never a link to a 403 (docs/decisions/008).
 */
export function useReadableScopes(): ReadableScopes {
  const store = useOptionalAuthStore();
  const scopes = useSyncExternalStore(
    store?.subscribe ?? subscribeToNothing,
    store ? () => store.getState().session?.readableScopes ?? null : readNothing,
    store ? () => store.getState().session?.readableScopes ?? null : readNothing,
  );
  return {
    scopes,
    canRead: (scope) => scopes === null || scopes.includes(scope),
  };
}
