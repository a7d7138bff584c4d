/**
 * Lists of small entries kept in web storage under one name, each tagged with its
 * workspace (`w`) and key (`k`): the shape the view memory and the visit memory share.
 * Storage that is missing, full or holding something else reads as empty: the screens
 * work without it.
 */
export interface StoredEntry {
  /** Workspace id. */
  w: string;
  /** Key within the workspace. */
  k: string;
}

/** A getter for `sessionStorage` or `localStorage` that gives null where it can't be reached (privacy modes, sandboxed frames). */
export function storageOrNull(get: () => Storage): () => Storage | null {
  return () => {
    try {
      return get();
    } catch {
      return null;
    }
  };
}

/** Removes `name` from `storage`; storage that can't be reached holds nothing of ours. */
export function removeStored(storage: Storage | null, name: string): void {
  try {
    storage?.removeItem(name);
  } catch {
    // Unreachable storage holds nothing of ours.
  }
}

/** The entries stored under `name` that `isValid` accepts (a damaged item reads as none). */
export function readEntries<E extends StoredEntry>(
  storage: Storage | null,
  name: string,
  isValid: (entry: E) => boolean,
): E[] {
  if (!storage) return [];
  try {
    const text = storage.getItem(name);
    if (text === null) return [];
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is E =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as E).w === 'string' &&
        typeof (entry as E).k === 'string' &&
        isValid(entry as E),
    );
  } catch {
    return [];
  }
}

/**
 * Writes `entries` (most recent first) under `name`, dropping the oldest while the storage
 * refuses them (quota); gives up, removing the item, when even one entry does not fit.
 */
export function writeEntries(storage: Storage | null, name: string, entries: readonly unknown[]) {
  if (!storage) return;
  const kept = [...entries];
  for (;;) {
    try {
      if (kept.length === 0) storage.removeItem(name);
      else storage.setItem(name, JSON.stringify(kept));
      return;
    } catch {
      if (kept.length <= 1) {
        try {
          storage.removeItem(name);
        } catch {
          // Nothing more to do: the screens work without it.
        }
        return;
      }
      kept.pop();
    }
  }
}
