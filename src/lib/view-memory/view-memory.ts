/**
 * Where the records grid keeps its place between page loads (docs/decisions/017):
 * - **places**, in sessionStorage: per view, what finds the user's row again (the view's
 *   page cursors and row counts, and the top row's record id and position). Forgotten with
 *   the tab, like a tab's key (003).
 * - **saved rows**, in localStorage, only for a workspace the user chose to remember on
 *   this device: a page of the last few views, to paint at once on the next start.
 *
 * Entries are keyed by the workspace's random id (016) and a view key; they never hold the
 * API key. Both kinds are bounded (least recently used go first) and dropped when their
 * workspace is forgotten or signed out of, saved rows also when it stops being remembered.
 * Storage that is missing or full stores nothing: the grid works without it.
 */

import { readEntries, removeStored, storageOrNull, writeEntries } from '../stored-entries';

export const VIEW_PLACES_STORAGE_KEY = 'workspace-browser.view-places';
export const SAVED_VIEWS_STORAGE_KEY = 'workspace-browser.saved-views';
/**
 * What the person keeps of their own (docs/decisions/049), in localStorage for a remembered
 * workspace and in the tab's sessionStorage otherwise:
 * - `yours`: their saved views ("Save view as…");
 * - `where`: the last screen of the workspace, and each table's last view;
 * - `columns`: hidden columns and widths, per table and per view.
 */
export const KEPT_STORAGE_KEYS = {
  yours: 'workspace-browser.your-views',
  where: 'workspace-browser.where',
  columns: 'workspace-browser.column-layouts',
} as const;
export type KeptKind = keyof typeof KEPT_STORAGE_KEYS;
/** The `where` entry holding the workspace's last screen (an in-app path with its query). */
export const LAST_SCREEN_KEY = 'screen';
/** Entries of each kept kind, across workspaces: least recently used go first. */
export const MAX_KEPT: Record<KeptKind, number> = { yours: 20, where: 200, columns: 200 };

/** Views whose place a tab keeps: a session revisits a handful. */
export const MAX_PLACES = 20;
/** Views whose rows are kept on the device: the last few opened. */
export const MAX_SAVED_VIEWS = 3;
/** Characters one entry may take (a place's trail; a view's saved page). */
export const MAX_ENTRY_CHARS = 1_000_000;

interface Entry {
  /** Workspace id. */
  w: string;
  /** View key. */
  k: string;
  /** Last written (ms since epoch): least recently used go first. */
  t: number;
  d: unknown;
}

export interface SavedEntry {
  savedAt: number;
  data: unknown;
}

export interface ViewMemory {
  readPlace(workspaceId: string, viewKey: string): unknown;
  writePlace(workspaceId: string, viewKey: string, data: unknown): void;
  readSaved(workspaceId: string, viewKey: string): SavedEntry | null;
  writeSaved(workspaceId: string, viewKey: string, data: unknown): void;
  /**
   * Keeps only the entries of `known` workspaces, and saved rows only of `remembered`
   * ones: called whenever the list of workspaces changes (sign-out empties it).
   */
  retainOnly(known: ReadonlySet<string>, remembered: ReadonlySet<string>): void;
  /**
   * The person's own kept data (`kind`): from localStorage when `remembered`, else from
   * this tab's sessionStorage (`where` prefers this tab's: the tab's own last screen).
   */
  readKept(kind: KeptKind, workspaceId: string, key: string, remembered: boolean): unknown;
  /** Into localStorage when `remembered` (`where` also into the tab's), else the tab's only. */
  writeKept(
    kind: KeptKind,
    workspaceId: string,
    key: string,
    data: unknown,
    remembered: boolean,
  ): void;
  /** Removes every entry from both storages. */
  clear(): void;
}

export interface ViewMemoryOptions {
  /** Null when the storage can't be reached (privacy modes, sandboxed frames). */
  session?: () => Storage | null;
  local?: () => Storage | null;
  now?: () => number;
}

function entriesFrom(storage: Storage | null, name: string): Entry[] {
  return readEntries<Entry>(storage, name, (entry) => typeof entry.t === 'number');
}

/** Writes the entries, dropping the least recently used while the storage refuses them. */
function writeByRecency(storage: Storage | null, name: string, entries: Entry[]): void {
  writeEntries(
    storage,
    name,
    [...entries].sort((a, b) => b.t - a.t),
  );
}

export function createViewMemory(options: ViewMemoryOptions = {}): ViewMemory {
  const session = options.session ?? storageOrNull(() => sessionStorage);
  const local = options.local ?? storageOrNull(() => localStorage);
  const now = options.now ?? Date.now;

  function read(storage: Storage | null, name: string, workspaceId: string, viewKey: string) {
    return (
      entriesFrom(storage, name).find((entry) => entry.w === workspaceId && entry.k === viewKey) ??
      null
    );
  }

  function write(
    storage: Storage | null,
    name: string,
    limit: number,
    workspaceId: string,
    viewKey: string,
    data: unknown,
  ) {
    if (!storage) return;
    const others = entriesFrom(storage, name).filter(
      (entry) => !(entry.w === workspaceId && entry.k === viewKey),
    );
    let size = 0;
    try {
      size = JSON.stringify(data)?.length ?? 0;
    } catch {
      return;
    }
    const entries = [...others].sort((a, b) => b.t - a.t).slice(0, limit - 1);
    // An oversized entry is not kept (and its older version goes too: it is out of date).
    if (size <= MAX_ENTRY_CHARS) entries.unshift({ w: workspaceId, k: viewKey, t: now(), d: data });
    writeByRecency(storage, name, entries);
  }

  function retain(storage: Storage | null, name: string, keep: (entry: Entry) => boolean) {
    if (!storage) return;
    const entries = entriesFrom(storage, name);
    const kept = entries.filter(keep);
    if (kept.length === entries.length && (kept.length > 0 || !hasItem(storage, name))) return;
    writeByRecency(storage, name, kept);
  }

  return {
    readPlace: (workspaceId, viewKey) =>
      read(session(), VIEW_PLACES_STORAGE_KEY, workspaceId, viewKey)?.d ?? null,
    writePlace: (workspaceId, viewKey, data) =>
      write(session(), VIEW_PLACES_STORAGE_KEY, MAX_PLACES, workspaceId, viewKey, data),
    readSaved(workspaceId, viewKey) {
      const entry = read(local(), SAVED_VIEWS_STORAGE_KEY, workspaceId, viewKey);
      return entry ? { savedAt: entry.t, data: entry.d } : null;
    },
    writeSaved: (workspaceId, viewKey, data) =>
      write(local(), SAVED_VIEWS_STORAGE_KEY, MAX_SAVED_VIEWS, workspaceId, viewKey, data),
    readKept(kind, workspaceId, key, remembered) {
      const name = KEPT_STORAGE_KEYS[kind];
      const tab = read(session(), name, workspaceId, key);
      if (!remembered) return tab?.d ?? null;
      const device = read(local(), name, workspaceId, key);
      if (kind === 'where') return (tab ?? device)?.d ?? null;
      // Remembered since these were kept in the tab: the tab's still count until the next write.
      return (device ?? tab)?.d ?? null;
    },
    writeKept(kind, workspaceId, key, data, remembered) {
      const name = KEPT_STORAGE_KEYS[kind];
      if (remembered) write(local(), name, MAX_KEPT[kind], workspaceId, key, data);
      if (!remembered || kind === 'where') {
        write(session(), name, MAX_KEPT[kind], workspaceId, key, data);
      } else {
        const tab = session();
        retain(tab, name, (entry) => !(entry.w === workspaceId && entry.k === key));
      }
    },
    retainOnly(known, remembered) {
      retain(session(), VIEW_PLACES_STORAGE_KEY, (entry) => known.has(entry.w));
      retain(local(), SAVED_VIEWS_STORAGE_KEY, (entry) => remembered.has(entry.w));
      for (const kind of Object.keys(KEPT_STORAGE_KEYS) as KeptKind[]) {
        const name = KEPT_STORAGE_KEYS[kind];
        // A workspace no longer remembered keeps its own things for this tab only.
        const demoted = entriesFrom(local(), name).filter(
          (entry) => known.has(entry.w) && !remembered.has(entry.w),
        );
        if (demoted.length > 0) {
          const tab = entriesFrom(session(), name);
          const moved = demoted.filter(
            (entry) => !tab.some((kept) => kept.w === entry.w && kept.k === entry.k),
          );
          writeByRecency(
            session(),
            name,
            [...tab, ...moved].sort((a, b) => b.t - a.t).slice(0, MAX_KEPT[kind]),
          );
        }
        retain(session(), name, (entry) => known.has(entry.w));
        retain(local(), name, (entry) => remembered.has(entry.w));
      }
    },
    clear() {
      for (const [storage, name] of [
        [session(), VIEW_PLACES_STORAGE_KEY],
        [local(), SAVED_VIEWS_STORAGE_KEY],
        ...Object.values(KEPT_STORAGE_KEYS).flatMap((kept) => [
          [session(), kept] as const,
          [local(), kept] as const,
        ]),
      ] as const) {
        removeStored(storage, name);
      }
    },
  };
}

function hasItem(storage: Storage, name: string): boolean {
  try {
    return storage.getItem(name) !== null;
  } catch {
    return false;
  }
}
