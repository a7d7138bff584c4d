import type { EntityKind, EntityRef } from '../../config/paths';
import {
  matchPrepared,
  type PreparedItem,
  prepareForSearch,
  prepareQuery,
  type Searchable,
} from './goto-match';

export interface PaletteItem extends Searchable {
  ref: EntityRef;
}

export interface PaletteGroup {
  kind: EntityKind;
  /** "Tables", "Tasks", …: the group's heading. */
  label: string;
  items: readonly PaletteItem[];
  /** Nothing has arrived yet for this list. */
  loading: boolean;
  /** Why this group can't be searched (no scope, a failed request), or null. */
  unavailable: string | null;
  /** Why only part of the list is searched (the paging guard ended it, the bound), or null. */
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
 * A group's items prepared once per items array: a list's array is replaced only when a
 * page arrives, so keystrokes in between reuse it (and prepareForSearch reuses each item's).
 */
const preparedLists = new WeakMap<readonly PaletteItem[], PreparedItem<PaletteItem>[]>();

function preparedOf(items: readonly PaletteItem[]): PreparedItem<PaletteItem>[] {
  let prepared = preparedLists.get(items);
  if (!prepared) {
    prepared = prepareForSearch(items);
    preparedLists.set(items, prepared);
  }
  return prepared;
}

/**
 * The best matches of `text` in each group (./goto-match.ts: every word, any order, case
 * and accents aside; name starts and whole words first), at most MAX_PER_GROUP per group;
 * empty groups are left out. An empty `text` lists the first items of each group, so the
 * palette is useful before typing.
 */
export function searchPalette(groups: readonly PaletteGroup[], text: string): PaletteResultGroup[] {
  const query = prepareQuery(text);
  const results: PaletteResultGroup[] = [];
  for (const group of groups) {
    const items =
      query.words.length === 0
        ? group.items.slice(0, MAX_PER_GROUP)
        : matchPrepared(preparedOf(group.items), query, MAX_PER_GROUP);
    if (items.length > 0) results.push({ kind: group.kind, label: group.label, items });
  }
  return results;
}
