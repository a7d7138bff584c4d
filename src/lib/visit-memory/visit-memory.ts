/**
 * When this person last looked at each table, at Tasks and at Pages, per workspace, so the
 * next visit can say what changed since (docs/decisions/051). Kept like the grid's view
 * memory (017): entries keyed by the workspace's random id (016) and a screen key, never
 * the API key; in localStorage only for a workspace remembered on this device, otherwise
 * in sessionStorage, so nothing outlives the tab unless the person asked for it. Bounded
 * (least recently looked at go first); dropped with their workspace (Forget), all of them
 * on Sign out, and the local ones when the workspace stops being remembered. Storage that
 * is missing, full or malformed keeps nothing: the screens then say nothing about changes.
 */

import { readEntries, removeStored, storageOrNull, writeEntries } from '../stored-entries';

export const VISITS_STORAGE_KEY = 'workspace-browser.visits';

/** Screens whose last visit is kept, over every workspace. */
export const MAX_VISITS = 200;
/** Tasks whose status is kept with a visit, to say "moved from To do to Done". */
export const MAX_STATUS_SNAPSHOT = 500;

export interface Visit {
  /** When the screen's first page last showed (ms since epoch, this device's clock). */
  seenAt: number;
  /** Task id → status as that visit saw it (Tasks only), at most MAX_STATUS_SNAPSHOT. */
  statuses?: Record<string, string>;
}

interface Entry {
  /** Workspace id. */
  w: string;
  /** Screen key: `table:<id>`, `tasks`, `pages`. */
  k: string;
  d: Visit;
}

export interface VisitMemory {
  read(workspaceId: string, screenKey: string, remembered: boolean): Visit | null;
  write(workspaceId: string, screenKey: string, visit: Visit, remembered: boolean): void;
  /**
   * Keeps only the entries of `known` workspaces, and the device's only of `remembered`
   * ones: called whenever the list of workspaces changes.
   */
  retainOnly(known: ReadonlySet<string>, remembered: ReadonlySet<string>): void;
  /** Removes every entry from both storages (Sign out). */
  clear(): void;
  /** Called after every write or removal, so screens showing a mark can redraw. */
  subscribe(listener: () => void): () => void;
  /** Changes with every write or removal (for useSyncExternalStore). */
  version(): number;
}

export interface VisitMemoryOptions {
  /** Null when the storage can't be reached (privacy modes, sandboxed frames). */
  session?: () => Storage | null;
  local?: () => Storage | null;
}

function isVisit(value: unknown): value is Visit {
  if (typeof value !== 'object' || value === null) return false;
  const visit = value as Visit;
  if (typeof visit.seenAt !== 'number' || !Number.isFinite(visit.seenAt)) return false;
  return (
    visit.statuses === undefined ||
    (typeof visit.statuses === 'object' &&
      visit.statuses !== null &&
      Object.values(visit.statuses).every((status) => typeof status === 'string'))
  );
}

function entriesFrom(storage: Storage | null): Entry[] {
  return readEntries<Entry>(storage, VISITS_STORAGE_KEY, (entry) => isVisit(entry.d));
}
/** Writes the entries (most recent first), dropping the oldest while the storage refuses them. */
function writeVisits(storage: Storage | null, entries: Entry[]): void {
  writeEntries(storage, VISITS_STORAGE_KEY, entries);
}

/** At most MAX_STATUS_SNAPSHOT statuses (the last ones written), so one entry stays small. */
function boundedVisit(visit: Visit): Visit {
  if (!visit.statuses) return { seenAt: visit.seenAt };
  const statuses = Object.fromEntries(Object.entries(visit.statuses).slice(-MAX_STATUS_SNAPSHOT));
  return { seenAt: visit.seenAt, statuses };
}

export function createVisitMemory(options: VisitMemoryOptions = {}): VisitMemory {
  const session = options.session ?? storageOrNull(() => sessionStorage);
  const local = options.local ?? storageOrNull(() => localStorage);
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  const storageFor = (remembered: boolean) => (remembered ? local() : session());

  return {
    read(workspaceId, screenKey, remembered) {
      return (
        entriesFrom(storageFor(remembered)).find(
          (entry) => entry.w === workspaceId && entry.k === screenKey,
        )?.d ?? null
      );
    },
    write(workspaceId, screenKey, visit, remembered) {
      const storage = storageFor(remembered);
      if (!storage) return;
      const others = entriesFrom(storage).filter(
        (entry) => !(entry.w === workspaceId && entry.k === screenKey),
      );
      writeVisits(storage, [
        { w: workspaceId, k: screenKey, d: boundedVisit(visit) },
        ...others.slice(0, MAX_VISITS - 1),
      ]);
      changed();
    },
    retainOnly(known, remembered) {
      let removed = false;
      for (const [storage, keep] of [
        [session(), (entry: Entry) => known.has(entry.w)],
        [local(), (entry: Entry) => remembered.has(entry.w)],
      ] as const) {
        const entries = entriesFrom(storage);
        const kept = entries.filter(keep);
        if (kept.length === entries.length) continue;
        writeVisits(storage, kept);
        removed = true;
      }
      if (removed) changed();
    },
    clear() {
      for (const storage of [session(), local()]) {
        removeStored(storage, VISITS_STORAGE_KEY);
      }
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    version: () => version,
  };
}
