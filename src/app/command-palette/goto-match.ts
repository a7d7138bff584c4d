/**
 * Go to's matcher: pure, no React, no i18n. Names are normalized once when items arrive
 * (prepareForSearch), so a keystroke over 5 × 5,000 items only compares prepared strings.
 *
 * Forgiving: case, accents and punctuation don't count ("Léa" = "lea", "order_no" = "order
 * no"), and every word typed must appear somewhere, in any order. Ranked, ties kept in the
 * list's own order:
 *   0. the name starts with what was typed ("ord" → "Orders");
 *   1. every word is a whole word of the name ("item 119" → "Triage inbox item 119");
 *   2. every word starts a word of the name ("inb it" → "Triage inbox item 1");
 *   3. every word is inside the name ("order" → "Reorder stock");
 *   4. some word is only in the item's extra search terms (an assignee's name, say).
 */

// The comparison itself (normalizing, the query's words) is shared with Find in a table.
import { normalizeForSearch, type PreparedQuery } from '../../lib/text-search';

/** Something Go to can find: what it is called, and other words it may be found by. */
export interface Searchable {
  /** What the item is called, as shown. */
  label: string;
  /**
   * More words it answers to without showing them (a task's assignee, a project's lead,
   * once a people directory names them). Matches here rank after matches in the label.
   */
  terms?: readonly string[];
}

export interface PreparedItem<T> {
  item: T;
  /** The normalized label with a space at each end, so " word " and " word" find word edges. */
  padded: string;
  /** The normalized label. */
  name: string;
  /** The normalized extra terms, space-separated ('' without any). */
  extra: string;
}

/** Prepared items stay with their item (the same object is never normalized twice). */
const preparedOf = new WeakMap<object, PreparedItem<object>>();

/**
 * Each item with its normalized label and terms; items seen before (an earlier page of the
 * same list) reuse their preparation, so a new page costs only its own items.
 */
export function prepareForSearch<T extends Searchable & object>(
  items: readonly T[],
): PreparedItem<T>[] {
  const prepared: PreparedItem<T>[] = new Array(items.length);
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as T;
    let entry = preparedOf.get(item) as PreparedItem<T> | undefined;
    if (!entry) {
      const name = normalizeForSearch(item.label);
      entry = {
        item,
        name,
        padded: ` ${name} `,
        extra: item.terms && item.terms.length > 0 ? normalizeForSearch(item.terms.join(' ')) : '',
      };
      preparedOf.set(item, entry as PreparedItem<object>);
    }
    prepared[i] = entry;
  }
  return prepared;
}

const NO_MATCH = -1;
const TIERS = 5;

/** The rank of an item for a query (0 best), or NO_MATCH. */
export function rankOf(prepared: PreparedItem<unknown>, query: PreparedQuery): number {
  const { name, padded, extra } = prepared;
  const { words, wholeWords, wordStarts } = query;
  let tier = name.startsWith(query.phrase) ? 0 : 1;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    if (name.includes(word)) {
      if (tier === 0) continue;
      if (tier === 1 && !padded.includes(wholeWords[i] as string)) tier = 2;
      if (tier === 2 && !padded.includes(wordStarts[i] as string)) tier = 3;
    } else if (extra !== '' && extra.includes(word)) {
      tier = 4;
    } else {
      return NO_MATCH;
    }
  }
  return tier;
}

export interface NarrowingMatch<T> {
  /** The best `limit` matches, best rank first, ties in list order. */
  best: T[];
  /** Positions (in `prepared`) of every match, in order: the candidates for a longer query. */
  matched: Int32Array;
}

/**
 * The best `limit` matches for `query` (an empty query matches nothing: the caller decides
 * what to show before anything is typed), and every match's position. May look only at `within` (the positions
 * matched by an earlier query that this one extends: typing on only narrows, since each
 * word of the earlier query is inside a word of this one). Keystrokes while typing forward
 * then scan the previous matches, not the whole list.
 */
export function matchNarrowing<T>(
  prepared: readonly PreparedItem<T>[],
  query: PreparedQuery,
  limit: number,
  within?: Int32Array,
): NarrowingMatch<T> {
  if (query.words.length === 0) return { best: [], matched: new Int32Array(0) };
  const count = within ? within.length : prepared.length;
  const matched = new Int32Array(count);
  let found = 0;
  const buckets: T[][] = Array.from({ length: TIERS }, () => []);
  for (let i = 0; i < count; i += 1) {
    const index = within ? (within[i] as number) : i;
    const entry = prepared[index] as PreparedItem<T>;
    const tier = rankOf(entry, query);
    if (tier === NO_MATCH) continue;
    matched[found] = index;
    found += 1;
    const bucket = buckets[tier] as T[];
    if (bucket.length < limit) bucket.push(entry.item);
  }
  const best: T[] = [];
  for (const bucket of buckets) {
    for (const item of bucket) {
      if (best.length >= limit) break;
      best.push(item);
    }
  }
  return { best, matched: matched.subarray(0, found) };
}
