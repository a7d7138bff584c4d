import type { EntityKind, EntityRef } from '../../config/paths';
import { narrows, type PreparedQuery, prepareQuery } from '../../lib/text-search';
import { matchNarrowing, type PreparedItem, prepareForSearch, type Searchable } from './goto-match';

export interface PaletteItem extends Searchable {
  ref: EntityRef;
}

export interface PaletteGroup {
  kind: EntityKind;
  /** "Tables", "Tasks", …: the group's heading. */
  label: string;
  items: readonly PaletteItem[];
  /** `items` already prepared for the matcher (as they arrived), when the source keeps them. */
  prepared?: readonly PreparedItem<PaletteItem>[];
  /** Nothing has arrived yet for this list. */
  loading: boolean;
  /** Why this group can't be searched (no scope, a failed request), or null. */
  unavailable: string | null;
  /** The key may not read this list (then `unavailable` says so). */
  unreadable?: boolean;
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
const preparedLists = new WeakMap<readonly PaletteItem[], readonly PreparedItem<PaletteItem>[]>();

function preparedOf(items: readonly PaletteItem[]): readonly PreparedItem<PaletteItem>[] {
  let prepared = preparedLists.get(items);
  if (!prepared) {
    prepared = prepareForSearch(items);
    preparedLists.set(items, prepared);
  }
  return prepared;
}

/** Each list's last search: what was typed and where it matched, to narrow the next keystroke. */
const lastSearches = new WeakMap<
  readonly PreparedItem<PaletteItem>[],
  { query: PreparedQuery; matched: Int32Array }
>();

function bestOf(group: PaletteGroup, query: PreparedQuery): PaletteItem[] {
  const prepared = group.prepared ?? preparedOf(group.items);
  const last = lastSearches.get(prepared);
  const within = last && narrows(last.query, query) ? last.matched : undefined;
  const { best, matched } = matchNarrowing(prepared, query, MAX_PER_GROUP, within);
  lastSearches.set(prepared, { query, matched });
  return best;
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
      query.words.length === 0 ? group.items.slice(0, MAX_PER_GROUP) : bestOf(group, query);
    if (items.length > 0) results.push({ kind: group.kind, label: group.label, items });
  }
  return results;
}
