/**
 * What a find has searched and found, held in the find worker (find.worker.ts), or on the
 * main thread where there is no Worker (tests). Pure: pages and queries in, updates out.
 *
 * Bounded whatever the table's size: at most MAX_MATCHES matches are kept (the walk then
 * stops, and says so), and the records searched are kept to answer a new query without
 * reading again only up to RECORDS_KEPT_FOR_ANY_QUERY. Past that, a query that only adds
 * to what was typed is still answered from the matches (each of its words is inside a
 * word of the earlier query); any other asks for a new walk.
 */
import type { RecordRow } from '../../../../lib/api/types';
import {
  holdsEveryWord,
  narrows,
  normalizeKeepingNumbers,
  type PreparedQuery,
  prepareQuery,
} from '../../../../lib/text-search';
import { MAX_MATCHES } from './find-limits';
import { canBeFormatted, formattedWords } from './formatted-words';
import { type FindPlan, recordSearchText, type ValueFormats, valueFormatsFor } from './record-text';

// The bound lives apart (find-limits.ts) so the status line needs none of this file.
export { MAX_MATCHES };

/**
 * Records searched that are kept with their text, so that a new query (a word deleted, a
 * new word) is answered without reading the view again. A record and its text are ~1–2 KB:
 * 20,000 stay under ~40 MB of the worker's heap. A larger view is read again for such a query.
 */
export const RECORDS_KEPT_FOR_ANY_QUERY = 20_000;

/** A record with the text it is searched by (FindStore.textsOf). */
export interface Searched {
  row: RecordRow;
  text: string;
}

/** Where the matches stand after a change, beside the change itself. */
export interface FindStatus {
  /** The query the matches are for, as typed. */
  query: string;
  matches: number;
  /** Records searched so far (in view order, from the first). */
  searched: number;
  /** MAX_MATCHES was reached: the records after the last searched one were not looked at. */
  capped: boolean;
}

export type FindChange =
  /** The matches are these, from the first. */
  | { kind: 'reset'; rows: RecordRow[] }
  /**
   * Keep only the matches at these positions (ascending): a narrowing query; then add
   * `appended` (found in what the cap had left unsearched).
   */
  | { kind: 'narrow'; keep: Int32Array; appended: RecordRow[] }
  /** These follow the matches already there. */
  | { kind: 'append'; rows: RecordRow[] }
  /** What was searched can't answer the new query: the view must be searched again. */
  | { kind: 'stale' };

export type FindUpdate = FindChange & { status: FindStatus };

export interface PageNames {
  /** Linked records' names by id, for this page's REFERENCE values. */
  get(id: string): string | null | undefined;
}

export class FindStore {
  private readonly plan: FindPlan;
  private readonly formats: ValueFormats;
  private readonly people: ReadonlyMap<string, string>;
  private typed = '';
  private query: PreparedQuery = prepareQuery('', normalizeKeepingNumbers);
  private matches: Searched[] = [];
  /** Every record searched, while they fit; null once they no longer do. */
  private kept: Searched[] | null = [];
  /** The rest of the page the cap stopped in: searched first if a narrowing frees room. */
  private tail: Searched[] = [];
  private searched = 0;
  /** The words Intl writes in this plan's numbers and dates (formatted-words.ts), once asked. */
  private numberAndDateWords: string[] | null = null;
  /**
   * A word of the query that no number or date can hold, when there is one: a record whose
   * other values lack it can't match, and its numbers and dates are not formatted.
   */
  private unformattedWord: string | null = null;

  constructor(plan: FindPlan, people: ReadonlyMap<string, string> = new Map()) {
    this.plan = plan;
    this.formats = valueFormatsFor(plan.locale);
    this.people = people;
  }

  status(): FindStatus {
    return {
      query: this.typed,
      matches: this.matches.length,
      searched: this.searched,
      capped: this.matches.length >= MAX_MATCHES,
    };
  }

  /** A page of the view, in order after the pages before it. */
  addPage(rows: readonly RecordRow[], names: PageNames | null = null): FindUpdate {
    return this.addSearched(this.textsOf(rows, names, this.keeps(rows.length)));
  }

  /** Whether a page of `count` records will be kept for any query (see addSearched). */
  keeps(count: number): boolean {
    return this.kept !== null && this.kept.length + count <= RECORDS_KEPT_FOR_ANY_QUERY;
  }

  /**
   * The records' texts, the costly part of a page (formatting and normalizing every
   * value): apart from addSearched so that the worker can make them a slice at a time.
   * `kept` false (the page will not be kept for any query): a record that can't match the
   * query, nor any narrower one, has an empty text, and where the query has a word no
   * number or date can hold, a record's numbers and dates are formatted only when its
   * other values hold that word.
   */
  textsOf(rows: readonly RecordRow[], names: PageNames | null = null, kept = true): Searched[] {
    const nameOf = (id: string) => names?.get(id) ?? this.people.get(id);
    const word = kept ? null : this.unformattedWord;
    return rows.map((row) => ({
      row,
      text:
        word === null ||
        recordSearchText(row, this.plan, this.formats, nameOf, false).includes(word)
          ? recordSearchText(row, this.plan, this.formats, nameOf)
          : '',
    }));
  }

  /** A page of the view with its texts (textsOf), in order after the pages before it. */
  addSearched(entries: Searched[]): FindUpdate {
    if (this.kept !== null) {
      if (this.kept.length + entries.length <= RECORDS_KEPT_FOR_ANY_QUERY) {
        for (const entry of entries) this.kept.push(entry);
      } else {
        this.kept = null;
      }
    }
    return { kind: 'append', rows: this.search(entries), status: this.status() };
  }

  /** A new query: narrowed, answered from the kept records, or 'stale'. */
  setQuery(text: string): FindUpdate {
    const next = prepareQuery(text, normalizeKeepingNumbers);
    const previous = this.query;
    this.typed = text;
    this.query = next;
    this.unformattedWord = this.wordNoNumberOrDateHolds(next);
    if (next.phrase === previous.phrase) return { kind: 'append', rows: [], status: this.status() };
    if (narrows(previous, next)) {
      const keep: number[] = [];
      const narrowed: Searched[] = [];
      this.matches.forEach((entry, index) => {
        if (holdsEveryWord(entry.text, next)) {
          keep.push(index);
          narrowed.push(entry);
        }
      });
      this.matches = narrowed;
      // Room freed under the cap: the rest of the page it stopped in is searched now.
      const tail = this.tail;
      this.tail = [];
      const appended = tail.length > 0 ? this.search(tail) : [];
      return { kind: 'narrow', keep: Int32Array.from(keep), appended, status: this.status() };
    }
    this.matches = [];
    this.tail = [];
    this.searched = 0;
    if (this.kept === null) return { kind: 'stale', status: this.status() };
    return { kind: 'reset', rows: this.search(this.kept), status: this.status() };
  }

  /** The query's longest word that no number or date of the plan can hold; null: none. */
  private wordNoNumberOrDateHolds(query: PreparedQuery): string | null {
    if (query.words.length === 0) return null;
    this.numberAndDateWords ??= formattedWords(this.plan, this.formats);
    const words = this.numberAndDateWords;
    let longest: string | null = null;
    for (const word of query.words) {
      if (!canBeFormatted(word, words) && (longest === null || word.length > longest.length)) {
        longest = word;
      }
    }
    return longest;
  }

  /** Adds the entries that match to the matches, up to the cap; returns their rows. */
  private search(entries: readonly Searched[]): RecordRow[] {
    const found: RecordRow[] = [];
    if (this.query.words.length === 0) {
      this.searched += entries.length;
      return found;
    }
    for (let i = 0; i < entries.length; i += 1) {
      const entry = entries[i] as Searched;
      if (this.matches.length >= MAX_MATCHES) {
        // Stopped inside this page: the rest waits, in case a narrowing frees room.
        this.tail = entries.slice(i);
        this.searched += i;
        return found;
      }
      if (holdsEveryWord(entry.text, this.query)) {
        this.matches.push(entry);
        found.push(entry.row);
      }
    }
    this.searched += entries.length;
    return found;
  }
}
