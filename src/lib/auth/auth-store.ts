/**
 * The signed-in state, outside React so the QueryClient's error handler can sign out on
 * a 401 from anywhere. Components read it through ./auth-context.tsx.
 */
import type { Connection, Scope } from '../api/types';
import {
  type SessionPersistence,
  type StoredSession,
  webStoragePersistence,
} from './connection-storage';

export interface AuthState {
  session: StoredSession | null;
  /** Why the user was signed out (e.g. the key stopped working), shown on the connect screen. */
  signedOutReason: string | null;
  /**
   * True after the user pressed Sign out: the connect screen then starts afresh instead
   * of returning to the page they were on (which a rejected key does).
   */
  signedOutDeliberately: boolean;
}

export interface AuthStore {
  /** Where the key is kept: web storage, or (embedded view) this page's memory only. */
  readonly persistence: SessionPersistence['kind'];
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** `readableScopes`: what the key could read at connect (null: not known, offer everything). */
  connect(
    connection: Connection,
    options: { remember: boolean; readableScopes?: Scope[] | null },
  ): void;
  /**
   * Forgets the key (in both storages, or in memory). With a `reason` (a rejected key), it
   * is shown on the connect screen and the user returns to where they were; without, they
   * start afresh.
   */
  signOut(reason?: string | null): void;
}

export function createAuthStore(
  options: { onSignOut?: () => void; persistence?: SessionPersistence } = {},
): AuthStore {
  const persistence = options.persistence ?? webStoragePersistence;
  let state: AuthState = {
    session: persistence.read(),
    signedOutReason: null,
    signedOutDeliberately: false,
  };
  const listeners = new Set<() => void>();
  const setState = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    persistence: persistence.kind,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(connection, { remember, readableScopes = null }) {
      const session = {
        connection,
        remembered: remember && persistence.kind !== 'memory',
        readableScopes,
      };
      persistence.write(session);
      setState({ session, signedOutReason: null, signedOutDeliberately: false });
    },
    signOut(reason = null) {
      persistence.clear();
      options.onSignOut?.();
      setState({ session: null, signedOutReason: reason, signedOutDeliberately: reason === null });
    },
  };
}
