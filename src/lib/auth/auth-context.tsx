import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { AuthState, AuthStore } from './auth-store';

const AuthStoreContext = createContext<AuthStore | null>(null);

export function AuthStoreProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}

export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuth() needs an <AuthStoreProvider> above it');
  return store;
}

/** For shared components that offer "Sign in again" only when an auth store exists. */
export function useOptionalAuthStore(): AuthStore | null {
  return useContext(AuthStoreContext);
}

type AuthActions = Omit<AuthStore, 'getState' | 'subscribe'>;

export function useAuth(): AuthState & AuthActions {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    persistence: store.persistence,
    connect: store.connect,
    switchTo: store.switchTo,
    rename: store.rename,
    forget: store.forget,
    keyRejected: store.keyRejected,
    signOut: store.signOut,
    undo: store.undo,
    dismissUndo: store.dismissUndo,
    noteView: store.noteView,
    lastView: store.lastView,
  };
}
