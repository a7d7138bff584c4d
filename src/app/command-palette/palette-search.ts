import type { EntityKind, EntityRef } from '../../config/paths';

export interface PaletteItem {
  ref: EntityRef;
  name: string;
}

export interface PaletteGroup {
  kind: EntityKind;
  /** "Tables", "Tasks", …: the group's heading. */
  label: string;
  items: readonly PaletteItem[];
  /** The first page is still on its way. */
  loading: boolean;
  /** Why this group can't be searched (no scope, a failed request), or null. */
  unavailable: string | null;
  /** Why only part of the list is searched (the paging guard ended it early), or null. */
  stopped?: string | null;
}

export interface PaletteResultGroup {
  kind: EntityKind;
  label: string;
  items: PaletteItem[];
}

/** Items shown per group: enough to pick from, few enough to scan. */
export const MAX_PER_GROUP = 6;

/**
 * The items whose name contains `text` (case-insensitive), those starting with it first,
 * at most MAX_PER_GROUP per group; empty groups are left out. An empty `text` lists the
 * first items of each group, so the palette is useful before typing.
 */
export function searchPalette(groups: readonly PaletteGroup[], text: string): PaletteResultGroup[] {
  const needle = text.trim().toLocaleLowerCase();
  const results: PaletteResultGroup[] = [];
  for (const group of groups) {
    let items: PaletteItem[];
    if (needle === '') {
      items = group.items.slice(0, MAX_PER_GROUP);
    } else {
      const starting: PaletteItem[] = [];
      const containing: PaletteItem[] = [];
      for (const item of group.items) {
        const name = item.name.toLocaleLowerCase();
        if (name.startsWith(needle)) starting.push(item);
        else if (name.includes(needle)) containing.push(item);
        if (starting.length >= MAX_PER_GROUP) break;
      }
      items = [...starting, ...containing].slice(0, MAX_PER_GROUP);
    }
    if (items.length > 0) results.push({ kind: group.kind, label: group.label, items });
  }
  return results;
}
