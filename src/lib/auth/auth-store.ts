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
  signedOutReason: SignedOutReason | null;
  /**
   * True after the user pressed Sign out or forgot the open workspace: the connect screen
   * then starts afresh instead of returning to the page they were on (which a rejected key
   * does).
   */
  signedOutDeliberately: boolean;
  /**
   * The workspace whose key the service refused while it was open: the connect screen
   * offers to sign in to it again (or, for the demo, takes config.json's key again).
   */
  refusedId: string | null;
  /** What Forget or Sign out just removed, offered back for a few seconds (UndoToast). */
  undoOffer: PendingUndo | null;
}

/**
 * Why the connect screen is shown to someone who had a workspace open. The screen words it
 * from the message catalog when it draws (a language switch rewords it); the store keeps
 * no sentences.
 */
export type SignedOutReason =
  /** The service refused the key (401); `detail` is the client's own (English) wording. */
  | { kind: 'key-rejected'; detail: string }
  /** The embedded view's host handed over a key that could not be checked. */
  | { kind: 'connect-failed'; error: unknown; serviceUrl: string };

/** What an Undo offer brings back, worded by the toast (src/components/undo-toast.tsx). */
export type UndoSubject =
  /** `name`: what the caller called it; else the toast names `workspace` itself. */
  { kind: 'forgot'; name: string | null; workspace: Workspace } | { kind: 'signed-out' };

export interface PendingUndo {
  /** Tells one Forget from the next, so an old timer never dismisses a newer offer. */
  id: number;
  subject: UndoSubject;
}

export interface ConnectOptions {
  remember: boolean;
  /** What the key could read at connect (null: not known, offer everything). */
  readableScopes?: Scope[] | null;
  /** The user's name for the workspace; keeps the one it had when omitted. */
  name?: string | null;
  /** Opened with config.json's demo key. */
  demo?: boolean;
  /** "Sign in again": the new key goes to this workspace, which keeps its id and name. */
  workspaceId?: string;
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
  /**
   * Forgets one workspace: its key, and (through `onForget`) its cached data. If it was
   * open, another listed one opens instead (the connect screen only when none is left).
   * `name` is what the Undo offer calls it.
   */
  forget(workspaceId: string, name?: string): void;
  /**
   * The service rejected a workspace's key (401). The workspace stays listed, marked for
   * "Sign in again"; if it was open, the connect screen says so and returns the
   * user to where they were. The embedded view, which holds one key, forgets it.
   */
  keyRejected(detail: string, workspaceId?: string): void;
  /**
   * Forgets every workspace (in both storages, or in memory). With a `reason` it is shown
   * on the connect screen and the user returns to where they were; without, they start
   * afresh, and Undo is offered for a few seconds.
   */
  signOut(reason?: SignedOutReason | null): void;
  /** Puts back what the last Forget or Sign out removed, while it is offered. */
  undo(): void;
  /** The Undo offer `id` has lapsed (or was dismissed). */
  dismissUndo(id: number): void;
  /** The in-app path last shown for a workspace (kept in memory), to return to on switching. */
  noteView(workspaceId: string, path: string): void;
  lastView(workspaceId: string): string | null;
}

export function createAuthStore(
  options: {
    onSignOut?: () => void;
    /** A workspace was forgotten (or replaced, in the embedded view): drop its cache. */
    onForget?: (workspaceId: string) => void;
    /** A workspace got another key (Sign in again): what the old key fetched is dropped. */
    onKeyChanged?: (workspaceId: string) => void;
    persistence?: SessionPersistence;
  } = {},
): AuthStore {
  const persistence = options.persistence ?? webStoragePersistence;
  const initial = persistence.read();
  const refusedAtStart = initial.refusedId ?? null;
  let state: AuthState = {
    session: initial.workspaces.find((workspace) => workspace.id === initial.activeId) ?? null,
    workspaces: initial.workspaces,
    // The open workspace's key was refused before this page loaded (in this tab, or the
    // one a new tab opens): the connect screen asks for its new key, and says why.
    signedOutReason: refusedAtStart === null ? null : { kind: 'key-rejected', detail: '' },
    signedOutDeliberately: false,
    refusedId: refusedAtStart,
    undoOffer: null,
  };
  const listeners = new Set<() => void>();
  const lastViews = new Map<string, string>();
  /** How to put back what the offered Undo names. */
  let restore: (() => void) | null = null;
  let undoCount = 0;

  const setState = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  /** Saves and publishes a new list and open workspace; the reason stays unless replaced. */
  const update = (
    workspaces: readonly Workspace[],
    activeId: string | null,
    extra: Partial<
      Pick<AuthState, 'signedOutReason' | 'signedOutDeliberately' | 'refusedId' | 'undoOffer'>
    > = {},
  ) => {
    const refusedId = extra.refusedId === undefined ? state.refusedId : extra.refusedId;
    persistence.write({ workspaces: [...workspaces], activeId, refusedId });
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
  /** Offers `undoIt` back for a while; any other change to the list withdraws the offer. */
  const offerUndo = (subject: UndoSubject, undoIt: () => void): PendingUndo => {
    undoCount += 1;
    restore = undoIt;
    return { id: undoCount, subject };
  };
  const withdrawUndo = () => {
    restore = null;
    return { undoOffer: null };
  };

  function signOut(reason: SignedOutReason | null = null) {
    const before = { workspaces: state.workspaces, activeId: state.session?.id ?? null };
    const views = new Map(lastViews);
    persistence.clear();
    lastViews.clear();
    options.onSignOut?.();
    const deliberate = reason === null;
    const undo =
      deliberate && before.workspaces.length > 0 && persistence.kind !== 'memory'
        ? offerUndo({ kind: 'signed-out' }, () => {
            for (const [id, path] of views) lastViews.set(id, path);
            update(before.workspaces, before.activeId, {
              signedOutReason: null,
              signedOutDeliberately: false,
              refusedId: null,
            });
          })
        : null;
    if (undo === null) restore = null;
    setState({
      session: null,
      workspaces: [],
      signedOutReason: reason,
      signedOutDeliberately: deliberate,
      refusedId: null,
      undoOffer: undo,
    });
  }

  return {
    persistence: persistence.kind,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(connection, { remember, readableScopes = null, name, demo, workspaceId }) {
      const known =
        (workspaceId === undefined
          ? undefined
          : state.workspaces.find((workspace) => workspace.id === workspaceId)) ??
        state.workspaces.find((workspace) => sameConnection(workspace.connection, connection));
      const workspace: Workspace = {
        id: known?.id ?? newWorkspaceId(),
        name: name === undefined ? (known?.name ?? null) : name?.trim() || null,
        connection,
        remembered: remember && persistence.kind !== 'memory',
        readableScopes,
        demo: demo ?? known?.demo ?? false,
        keyRefused: false,
      };
      if (known && !sameConnection(known.connection, connection)) {
        // What the refused key fetched (its errors included) is not this key's to show.
        options.onKeyChanged?.(known.id);
      }
      // Another entry with this very connection would list one workspace twice.
      const duplicate = state.workspaces.find(
        (other) => other.id !== workspace.id && sameConnection(other.connection, connection),
      );
      if (duplicate) remove(duplicate.id);
      let others = state.workspaces.filter(
        (other) => other.id !== workspace.id && other.id !== duplicate?.id,
      );
      // The embedded view shows one host-supplied key at a time: no list to switch in.
      if (persistence.kind === 'memory') {
        for (const other of others) remove(other.id);
        others = [];
      }
      const workspaces = known
        ? state.workspaces
            .filter((other) => other.id !== duplicate?.id)
            .map((other) => (other.id === workspace.id ? workspace : other))
        : [...others, workspace];
      update(persistence.kind === 'memory' ? [workspace] : workspaces, workspace.id, {
        signedOutReason: null,
        signedOutDeliberately: false,
        refusedId: null,
        ...withdrawUndo(),
      });
      return workspace;
    },
    switchTo(workspaceId) {
      const target = state.workspaces.find((workspace) => workspace.id === workspaceId);
      // A refused key opens nothing: that workspace needs "Sign in again" first.
      if (target === undefined || target.keyRefused) return;
      update(state.workspaces, workspaceId, { signedOutReason: null, refusedId: null });
    },
    rename(workspaceId, name) {
      const workspaces = state.workspaces.map((workspace) =>
        workspace.id === workspaceId ? { ...workspace, name: name?.trim() || null } : workspace,
      );
      update(workspaces, state.session?.id ?? null);
    },
    forget(workspaceId, name) {
      const index = state.workspaces.findIndex((workspace) => workspace.id === workspaceId);
      const forgotten = state.workspaces[index];
      if (forgotten === undefined) return;
      const wasOpen = state.session?.id === workspaceId;
      const view = lastViews.get(workspaceId) ?? null;
      const workspaces = remove(workspaceId);
      // Forgetting the open workspace keeps the person in another one that still works.
      const next = wasOpen
        ? (workspaces.find((workspace) => !workspace.keyRefused) ?? null)
        : (state.session ?? null);
      const undo = offerUndo({ kind: 'forgot', name: name ?? null, workspace: forgotten }, () => {
        if (state.workspaces.some((workspace) => workspace.id === workspaceId)) return;
        const list = [...state.workspaces];
        list.splice(Math.min(index, list.length), 0, forgotten);
        if (view !== null) lastViews.set(workspaceId, view);
        update(list, wasOpen ? workspaceId : (state.session?.id ?? null), {
          signedOutReason: null,
          signedOutDeliberately: false,
        });
      });
      update(
        workspaces,
        next?.id ?? null,
        wasOpen && next === null
          ? { signedOutReason: null, signedOutDeliberately: true, refusedId: null, undoOffer: undo }
          : { undoOffer: undo },
      );
    },
    keyRejected(detail, workspaceId = state.session?.id) {
      const reason: SignedOutReason = { kind: 'key-rejected', detail };
      if (workspaceId === undefined) {
        signOut(reason);
        return;
      }
      const rejected = state.workspaces.find((workspace) => workspace.id === workspaceId);
      if (rejected === undefined) return;
      const wasOpen = state.session?.id === workspaceId;
      const opened = wasOpen
        ? { signedOutReason: reason, signedOutDeliberately: false, refusedId: workspaceId }
        : {};
      if (persistence.kind === 'memory') {
        update(remove(workspaceId), wasOpen ? null : (state.session?.id ?? null), {
          ...opened,
          refusedId: null,
        });
        return;
      }
      if (rejected.keyRefused && !wasOpen) return;
      // The refused key is dropped (it opens nothing now); name, address and place stay.
      const workspaces = state.workspaces.map((workspace) =>
        workspace.id === workspaceId
          ? {
              ...workspace,
              keyRefused: true,
              connection: { ...workspace.connection, apiKey: '' },
            }
          : workspace,
      );
      update(workspaces, wasOpen ? null : (state.session?.id ?? null), opened);
    },
    signOut,
    undo() {
      const undoIt = restore;
      if (undoIt === null) return;
      restore = null;
      setState({ ...state, undoOffer: null });
      undoIt();
    },
    dismissUndo(id) {
      if (state.undoOffer?.id !== id) return;
      restore = null;
      setState({ ...state, undoOffer: null });
    },
    noteView(workspaceId, path) {
      lastViews.set(workspaceId, path);
    },
    lastView(workspaceId) {
      return lastViews.get(workspaceId) ?? null;
    },
  };
}
