/**
 * Where the workspaces (service URL + key + the user's name for it) are kept between page
 * loads (docs/decisions/003 and 016):
 * - localStorage holds only the workspaces the user asked to remember on this device;
 * - sessionStorage holds this tab's other workspaces and which one the tab has open, so
 *   closing the tab forgets their keys.
 * A key is in exactly one of the two, never both.
 */
import { type Connection, READ_SCOPES, type Scope, type SkillsPath } from '../api/types';

export const WORKSPACES_STORAGE_KEY = 'workspace-browser.workspaces';
/**
 * The single connection older versions kept (and e2e/support/session.ts seeds): read as a
 * workspace, and removed at the next write.
 */
export const CONNECTION_STORAGE_KEY = 'workspace-browser.connection';
/** Not secret: lets the connect screen prefill the address after signing out. */
export const LAST_SERVICE_URL_STORAGE_KEY = 'workspace-browser.last-service-url';

export interface Workspace {
  /** Made up on first connect; names the workspace's cache, never derived from the key. */
  id: string;
  /** The user's name for it; null until they give one (then it is called after its service). */
  name: string | null;
  connection: Connection;
  /** Kept in localStorage ("Remember on this device"), rather than for this tab only. */
  remembered: boolean;
  /**
   * What the key could read when it connected (src/lib/api/readable-scopes.ts); null when
   * not known (stored by an older version): then every screen is offered and a 403 is
   * explained where it happens.
   */
  readableScopes: Scope[] | null;
  /**
   * Opened with the key the deployment's config.json hands out ("Open the demo
   * workspace"): named "Demo workspace" when unnamed, and given config.json's key again when
   * its own stops working (docs/decisions/034).
   */
  demo: boolean;
  /**
   * The service refused its key (401): listed with "Sign in again" instead of vanishing,
   * so the person enters a new key and keeps its name and address.
   */
  keyRefused: boolean;
}

/** The open workspace. */
export type StoredSession = Workspace;

export interface WorkspacesSnapshot {
  workspaces: Workspace[];
  /** The open one in this tab; null on the connect screen. */
  activeId: string | null;
  /**
   * With none open: the one that was, until the service refused its key. Kept so that a
   * reload, or a new tab, still asks for that workspace's new key ("Sign in again").
   */
  refusedId?: string | null;
}

interface StoredList {
  workspaces: Omit<Workspace, 'remembered'>[];
  activeId: string | null;
}

/** Storage can throw (privacy modes, quota); a failure to persist must not break the page. */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

function scopesFrom(value: unknown): Scope[] | null {
  if (!Array.isArray(value)) return null;
  return READ_SCOPES.filter((scope) => value.includes(scope));
}

function skillsPathFrom(value: unknown): SkillsPath | null {
  return value === '/v1' || value === '/api/public/v1' ? value : null;
}

function workspaceFrom(
  value: unknown,
  fallbackId: () => string,
): Omit<Workspace, 'remembered'> | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, serviceUrl, apiKey, skillsPath, readableScopes, demo, keyRefused } =
    value as Record<string, unknown>;
  // A workspace whose key was refused keeps its place without a key ("Sign in again").
  if (typeof serviceUrl !== 'string' || typeof apiKey !== 'string') return null;
  if (apiKey === '' && keyRefused !== true) return null;
  return {
    id: typeof id === 'string' && id !== '' ? id : fallbackId(),
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null,
    connection: { serviceUrl, apiKey, skillsPath: skillsPathFrom(skillsPath) },
    readableScopes: scopesFrom(readableScopes),
    demo: demo === true,
    keyRefused: keyRefused === true,
  };
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function listFrom(text: string | null): StoredList | null {
  const value = parse(text);
  if (typeof value !== 'object' || value === null) return null;
  const { workspaces, activeId } = value as Record<string, unknown>;
  return {
    workspaces: Array.isArray(workspaces)
      ? workspaces.flatMap((entry) => workspaceFrom(entry, newWorkspaceId) ?? [])
      : [],
    activeId: typeof activeId === 'string' ? activeId : null,
  };
}

export function newWorkspaceId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `ws-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function sameConnection(a: Connection, b: Connection): boolean {
  return a.apiKey !== '' && a.serviceUrl === b.serviceUrl && a.apiKey === b.apiKey;
}

export function readWorkspaces(): WorkspacesSnapshot {
  const local = listFrom(safely(() => localStorage.getItem(WORKSPACES_STORAGE_KEY), null));
  const tab = listFrom(safely(() => sessionStorage.getItem(WORKSPACES_STORAGE_KEY), null));
  const workspaces: Workspace[] = [];
  const add = (workspace: Omit<Workspace, 'remembered'>, remembered: boolean): Workspace => {
    const known = workspaces.find(
      (other) =>
        other.id === workspace.id || sameConnection(other.connection, workspace.connection),
    );
    if (known) return known;
    const added = { ...workspace, remembered };
    workspaces.push(added);
    return added;
  };
  for (const workspace of local?.workspaces ?? []) add(workspace, true);
  for (const workspace of tab?.workspaces ?? []) add(workspace, false);

  // A tab that has its own record says what it has open (even nothing, after Forget);
  // a new tab opens what was last open among the remembered ones.
  let activeId = tab ? tab.activeId : (local?.activeId ?? null);
  const legacy = (storage: () => Storage, remembered: boolean) => {
    const value = parse(safely(() => storage().getItem(CONNECTION_STORAGE_KEY), null));
    const workspace = workspaceFrom(value, newWorkspaceId);
    return workspace ? add(workspace, remembered) : null;
  };
  const legacyLocal = legacy(() => localStorage, true);
  const legacyTab = legacy(() => sessionStorage, false);
  activeId = legacyTab?.id ?? activeId ?? legacyLocal?.id ?? null;
  const refusedId =
    workspaces.find((workspace) => workspace.id === activeId && workspace.keyRefused)?.id ?? null;
  if (!workspaces.some((workspace) => workspace.id === activeId && !workspace.keyRefused)) {
    activeId = null;
  }
  const snapshot = { workspaces, activeId, refusedId };
  // An older version's entry becomes a workspace with a new id. Written back at once, so
  // the next load reads the same id: what is kept per workspace (the grid's place, saved
  // rows) would otherwise be lost on every reload until something else wrote the list.
  if (legacyLocal || legacyTab) writeWorkspaces(snapshot);
  return snapshot;
}

function stripped({ remembered: _remembered, ...workspace }: Workspace) {
  return {
    id: workspace.id,
    name: workspace.name,
    serviceUrl: workspace.connection.serviceUrl,
    apiKey: workspace.connection.apiKey,
    skillsPath: workspace.connection.skillsPath ?? null,
    readableScopes: workspace.readableScopes,
    demo: workspace.demo,
    keyRefused: workspace.keyRefused,
  };
}

export function writeWorkspaces({
  workspaces,
  activeId: openId,
  refusedId = null,
}: WorkspacesSnapshot): void {
  const remembered = workspaces.filter((workspace) => workspace.remembered);
  const tabOnly = workspaces.filter((workspace) => !workspace.remembered);
  // A refused workspace is stored as the open one: its key is gone, so reading it back
  // opens nothing, and names the workspace to sign in to again (readWorkspaces).
  const activeId =
    openId ??
    (workspaces.some((workspace) => workspace.id === refusedId && workspace.keyRefused)
      ? refusedId
      : null);
  const active = workspaces.find((workspace) => workspace.id === activeId) ?? null;
  // What a new tab opens: the open workspace if remembered, else the one that was before.
  const previousLocal = listFrom(safely(() => localStorage.getItem(WORKSPACES_STORAGE_KEY), null));
  const localActiveId = active?.remembered
    ? active.id
    : remembered.some((workspace) => workspace.id === previousLocal?.activeId)
      ? (previousLocal?.activeId ?? null)
      : null;

  safely(() => {
    if (remembered.length === 0) localStorage.removeItem(WORKSPACES_STORAGE_KEY);
    else
      localStorage.setItem(
        WORKSPACES_STORAGE_KEY,
        JSON.stringify({ workspaces: remembered.map(stripped), activeId: localActiveId }),
      );
  }, undefined);
  safely(
    () =>
      sessionStorage.setItem(
        WORKSPACES_STORAGE_KEY,
        JSON.stringify({ workspaces: tabOnly.map(stripped), activeId }),
      ),
    undefined,
  );
  safely(() => localStorage.removeItem(CONNECTION_STORAGE_KEY), undefined);
  safely(() => sessionStorage.removeItem(CONNECTION_STORAGE_KEY), undefined);
  if (active) {
    safely(
      () => localStorage.setItem(LAST_SERVICE_URL_STORAGE_KEY, active.connection.serviceUrl),
      undefined,
    );
  }
}

export function clearWorkspaces(): void {
  for (const storage of [() => sessionStorage, () => localStorage]) {
    safely(() => storage().removeItem(WORKSPACES_STORAGE_KEY), undefined);
    safely(() => storage().removeItem(CONNECTION_STORAGE_KEY), undefined);
  }
}

/**
 * How the auth store keeps workspaces between page loads. The dashboard on its own uses
 * web storage (above); the embedded view keeps the key in memory only (./memory-persistence.ts).
 */
export interface SessionPersistence {
  /** 'memory': the key is gone on reload; "Remember on this device" can't be offered. */
  readonly kind: 'web-storage' | 'memory';
  read(): WorkspacesSnapshot;
  write(snapshot: WorkspacesSnapshot): void;
  clear(): void;
}

export const webStoragePersistence: SessionPersistence = {
  kind: 'web-storage',
  read: readWorkspaces,
  write: writeWorkspaces,
  clear: clearWorkspaces,
};

export function readLastServiceUrl(): string | null {
  return safely(() => localStorage.getItem(LAST_SERVICE_URL_STORAGE_KEY), null);
}
