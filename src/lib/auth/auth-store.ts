/**
 * The workspaces this browser knows and the one open in this tab, outside React so the
 * QueryClients' error handlers can drop a rejected key from anywhere. Components read it
 * through ./auth-context.tsx.
 */
import type { Connection, Scope } from '../api/types';
import {
  newWorkspaceId,
  type SessionPersistence,
  sameConnection,
  type Workspace,
  webStoragePersistence,
} from './connection-storage';

export type { Workspace } from './connection-storage';

export interface AuthState {
  /** The open workspace; null on the connect screen. */
  session: Workspace | null;
  /** Every workspace the user can switch to: the remembered ones and this tab's. */
  workspaces: readonly Workspace[];
  /** Why the user was signed out (e.g. the key stopped working), shown on the connect screen. */
  signedOutReason: string | null;
  /**
   * True after the user pressed Sign out or forgot the open workspace: the connect screen
   * then starts afresh instead of returning to the page they were on (which a rejected key
   * does).
   */
  signedOutDeliberately: boolean;
}

export interface ConnectOptions {
  remember: boolean;
  /** What the key could read at connect (null: not known, offer everything). */
  readableScopes?: Scope[] | null;
  /** The user's name for the workspace; keeps the one it had when omitted. */
  name?: string | null;
}

export interface AuthStore {
  /** Where keys are kept: web storage, or (embedded view) this page's memory only. */
  readonly persistence: SessionPersistence['kind'];
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /**
   * Opens a workspace for this connection: the known one with the same service and key
   * (updated), or a new one. In the embedded view there is only ever one.
   */
  connect(connection: Connection, options: ConnectOptions): Workspace;
  /** Opens another known workspace; its data and last view are kept apart by the app. */
  switchTo(workspaceId: string): void;
  rename(workspaceId: string, name: string | null): void;
  /** Forgets one workspace: its key, and (through `onForget`) its cached data. */
  forget(workspaceId: string): void;
  /**
   * The service rejected a workspace's key (401): that workspace is forgotten; if it was
   * open, the connect screen shows `reason` and returns the user to where they were.
   */
  keyRejected(reason: string, workspaceId?: string): void;
  /**
   * Forgets every workspace (in both storages, or in memory). With a `reason` it is shown
   * on the connect screen and the user returns to where they were; without, they start
   * afresh.
   */
  signOut(reason?: string | null): void;
  /** The in-app path last shown for a workspace (kept in memory), to return to on switching. */
  noteView(workspaceId: string, path: string): void;
  lastView(workspaceId: string): string | null;
}

export function createAuthStore(
  options: {
    onSignOut?: () => void;
    /** A workspace was forgotten (or replaced, in the embedded view): drop its cache. */
    onForget?: (workspaceId: string) => void;
    persistence?: SessionPersistence;
  } = {},
): AuthStore {
  const persistence = options.persistence ?? webStoragePersistence;
  const initial = persistence.read();
  let state: AuthState = {
    session: initial.workspaces.find((workspace) => workspace.id === initial.activeId) ?? null,
    workspaces: initial.workspaces,
    signedOutReason: null,
    signedOutDeliberately: false,
  };
  const listeners = new Set<() => void>();
  const lastViews = new Map<string, string>();

  const setState = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  /** Saves and publishes a new list and open workspace; the reason stays unless replaced. */
  const update = (
    workspaces: readonly Workspace[],
    activeId: string | null,
    extra: Partial<Pick<AuthState, 'signedOutReason' | 'signedOutDeliberately'>> = {},
  ) => {
    persistence.write({ workspaces: [...workspaces], activeId });
    setState({
      ...state,
      ...extra,
      workspaces,
      session: workspaces.find((workspace) => workspace.id === activeId) ?? null,
    });
  };
  const remove = (workspaceId: string) => {
    lastViews.delete(workspaceId);
    options.onForget?.(workspaceId);
    return state.workspaces.filter((workspace) => workspace.id !== workspaceId);
  };

  function signOut(reason: string | null = null) {
    persistence.clear();
    lastViews.clear();
    options.onSignOut?.();
    setState({
      session: null,
      workspaces: [],
      signedOutReason: reason,
      signedOutDeliberately: reason === null,
    });
  }

  return {
    persistence: persistence.kind,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(connection, { remember, readableScopes = null, name }) {
      const known = state.workspaces.find((workspace) =>
        sameConnection(workspace.connection, connection),
      );
      const workspace: Workspace = {
        id: known?.id ?? newWorkspaceId(),
        name: name === undefined ? (known?.name ?? null) : name?.trim() || null,
        connection,
        remembered: remember && persistence.kind !== 'memory',
        readableScopes,
      };
      let others = state.workspaces.filter((other) => other.id !== workspace.id);
      // The embedded view shows one host-supplied key at a time: no list to switch in.
      if (persistence.kind === 'memory') {
        for (const other of others) remove(other.id);
        others = [];
      }
      const workspaces = known
        ? state.workspaces.map((other) => (other.id === workspace.id ? workspace : other))
        : [...others, workspace];
      update(persistence.kind === 'memory' ? [workspace] : workspaces, workspace.id, {
        signedOutReason: null,
        signedOutDeliberately: false,
      });
      return workspace;
    },
    switchTo(workspaceId) {
      if (!state.workspaces.some((workspace) => workspace.id === workspaceId)) return;
      update(state.workspaces, workspaceId, { signedOutReason: null });
    },
    rename(workspaceId, name) {
      const workspaces = state.workspaces.map((workspace) =>
        workspace.id === workspaceId ? { ...workspace, name: name?.trim() || null } : workspace,
      );
      update(workspaces, state.session?.id ?? null);
    },
    forget(workspaceId) {
      const wasOpen = state.session?.id === workspaceId;
      const workspaces = remove(workspaceId);
      update(
        workspaces,
        wasOpen ? null : (state.session?.id ?? null),
        wasOpen ? { signedOutReason: null, signedOutDeliberately: true } : {},
      );
    },
    keyRejected(reason, workspaceId = state.session?.id) {
      if (workspaceId === undefined) {
        signOut(reason);
        return;
      }
      if (!state.workspaces.some((workspace) => workspace.id === workspaceId)) return;
      const wasOpen = state.session?.id === workspaceId;
      const workspaces = remove(workspaceId);
      update(
        workspaces,
        wasOpen ? null : (state.session?.id ?? null),
        wasOpen ? { signedOutReason: reason, signedOutDeliberately: false } : {},
      );
    },
    signOut,
    noteView(workspaceId, path) {
      lastViews.set(workspaceId, path);
    },
    lastView(workspaceId) {
      return lastViews.get(workspaceId) ?? null;
    },
  };
}
