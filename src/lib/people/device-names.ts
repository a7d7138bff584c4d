/**
 * Names people give user and bot ids on their own device ("Who is this?"), per workspace
 * (by the workspace's random id, never its key). Kept as the grid's place is
 * (../view-memory): in localStorage only for a workspace remembered on this device, else
 * in sessionStorage, gone with the tab; dropped when the workspace is forgotten or signed
 * out of, and moved out of localStorage when it stops being remembered. Storage that is
 * missing or full keeps nothing: names then last until the page reloads.
 */
import type { AuthStore } from '../auth/auth-store';
import { retainWithWorkspaces } from '../auth/retain-with-workspaces';
import { removeStored, storageOrNull } from '../stored-entries';
import { MAX_PEOPLE, MAX_PERSON_TEXT } from './people-limits';

export const DEVICE_NAMES_STORAGE_KEY = 'workspace-browser.people-names';

const NO_NAMES: ReadonlyMap<string, string> = new Map();

type Names = Record<string, string>;
type Stored = Record<string, Names>;

export interface DeviceNames {
  read(workspaceId: string): ReadonlyMap<string, string>;
  /** `name` null (or blank) removes the id's name. */
  write(workspaceId: string, remembered: boolean, id: string, name: string | null): void;
  /** Adds (or replaces) many at once; returns how many were taken. */
  writeAll(workspaceId: string, remembered: boolean, names: ReadonlyMap<string, string>): number;
  retainOnly(known: ReadonlySet<string>, remembered: ReadonlySet<string>): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function readStored(storage: Storage | null): Stored {
  if (!storage) return {};
  try {
    const value = JSON.parse(storage.getItem(DEVICE_NAMES_STORAGE_KEY) ?? '{}') as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const stored: Stored = {};
    for (const [workspaceId, names] of Object.entries(value)) {
      if (typeof names !== 'object' || names === null) continue;
      stored[workspaceId] = Object.fromEntries(
        Object.entries(names).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
    return stored;
  } catch {
    return {};
  }
}

function writeStored(storage: Storage | null, stored: Stored): void {
  if (!storage) return;
  try {
    const kept = Object.fromEntries(
      Object.entries(stored).filter(([, names]) => Object.keys(names).length > 0),
    );
    if (Object.keys(kept).length === 0) storage.removeItem(DEVICE_NAMES_STORAGE_KEY);
    else storage.setItem(DEVICE_NAMES_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Full or refused: names last until the page reloads (the in-memory copy below).
  }
}

export function createDeviceNames(
  options: { session?: () => Storage | null; local?: () => Storage | null } = {},
): DeviceNames {
  const session = options.session ?? storageOrNull(() => sessionStorage);
  const local = options.local ?? storageOrNull(() => localStorage);
  /** What this page knows, also when storage refuses it. */
  const memory = new Map<string, Map<string, string>>();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const load = (workspaceId: string): Map<string, string> => {
    let names = memory.get(workspaceId);
    if (!names) {
      names = new Map([
        ...Object.entries(readStored(session())[workspaceId] ?? {}),
        ...Object.entries(readStored(local())[workspaceId] ?? {}),
      ]);
      memory.set(workspaceId, names);
    }
    return names;
  };

  const save = (workspaceId: string, remembered: boolean, names: Map<string, string>) => {
    const next = new Map(names);
    memory.set(workspaceId, next);
    const entries = Object.fromEntries(next);
    const [keep, drop] = remembered ? [local(), session()] : [session(), local()];
    writeStored(keep, { ...readStored(keep), [workspaceId]: entries });
    const dropped = readStored(drop);
    delete dropped[workspaceId];
    writeStored(drop, dropped);
    notify();
  };

  const clean = (text: string) => text.trim().slice(0, MAX_PERSON_TEXT);

  return {
    read: (workspaceId) => load(workspaceId),
    write(workspaceId, remembered, id, name) {
      const names = new Map(load(workspaceId));
      const text = name === null ? '' : clean(name);
      if (text === '') names.delete(id);
      else names.set(id, text);
      save(workspaceId, remembered, names);
    },
    writeAll(workspaceId, remembered, incoming) {
      const names = new Map(load(workspaceId));
      let taken = 0;
      for (const [id, name] of incoming) {
        if (names.size >= MAX_PEOPLE && !names.has(id)) break;
        names.set(id, clean(name));
        taken += 1;
      }
      save(workspaceId, remembered, names);
      return taken;
    },
    retainOnly(known, remembered) {
      let changed = false;
      for (const workspaceId of [...memory.keys()]) {
        if (!known.has(workspaceId)) {
          memory.delete(workspaceId);
          changed = true;
        }
      }
      const sessionStored = readStored(session());
      const localStored = readStored(local());
      for (const workspaceId of Object.keys(sessionStored)) {
        if (!known.has(workspaceId)) delete sessionStored[workspaceId];
      }
      for (const workspaceId of Object.keys(localStored)) {
        if (remembered.has(workspaceId)) continue;
        // No longer remembered: its names stay for this tab only.
        if (known.has(workspaceId)) {
          sessionStored[workspaceId] = {
            ...localStored[workspaceId],
            ...sessionStored[workspaceId],
          };
        }
        delete localStored[workspaceId];
      }
      writeStored(session(), sessionStored);
      writeStored(local(), localStored);
      if (changed) notify();
    },
    clear() {
      memory.clear();
      for (const storage of [session(), local()]) {
        removeStored(storage, DEVICE_NAMES_STORAGE_KEY);
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Forgetting a workspace (or signing out) drops its names. Returns the unsubscribe. */
export function forgetNamesWithTheirWorkspaces(names: DeviceNames, authStore: AuthStore) {
  return retainWithWorkspaces(names, authStore);
}

/** One workspace's names, as the screens use them. */
export interface WorkspaceDeviceNames {
  read(): ReadonlyMap<string, string>;
  write(id: string, name: string | null): void;
  writeAll(names: ReadonlyMap<string, string>): number;
  subscribe(listener: () => void): () => void;
}

/**
 * Every write first asks the auth store whether the workspace is still known, so a dialog
 * left open across a Sign out writes nothing.
 */
export function workspaceDeviceNames(
  names: DeviceNames,
  authStore: AuthStore,
  workspaceId: string,
): WorkspaceDeviceNames {
  const workspace = () =>
    authStore.getState().workspaces.find((candidate) => candidate.id === workspaceId) ?? null;
  return {
    read: () => (workspace() ? names.read(workspaceId) : NO_NAMES),
    write(id, name) {
      const known = workspace();
      if (known) names.write(workspaceId, known.remembered, id, name);
    },
    writeAll(incoming) {
      const known = workspace();
      return known ? names.writeAll(workspaceId, known.remembered, incoming) : 0;
    },
    subscribe: names.subscribe,
  };
}
