/**
 * Forgiving text comparison shared by Go to (src/app/command-palette/goto-match.ts) and
 * Find in a table (src/features/records/find/): pure, no React, no i18n, so it also runs
 * in a worker. Case, accents and punctuation don't count ("Léa" = "lea", "order_no" =
 * "order no"), and every word typed must appear somewhere, in any order.
 */

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
/**
 * Like NOT_WORD, except one separator between two digits, which is part of a number as
 * it is written ("1,234.50", "12/03/2026", "10:30"): kept, so "1,234.50" is one word
 * and does not find every record holding a 1, a 234 and a 50 somewhere.
 */
const NOT_WORD_OUTSIDE_NUMBERS = /(?<=\p{N})[.,/:\u00a0\u202f'’-](?=\p{N})|[^\p{L}\p{N}]+/gu;

/** Lowercase, without accents, punctuation as single spaces, trimmed. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(NOT_WORD, ' ').trim();
}

/**
 * As normalizeForSearch, but a number keeps its own separators ("$1,234.50" → "1,234.50",
 * "R$ 1.234,50" → "1.234,50"): finding a formatted amount or date finds that one, not every
 * value holding its digits. Grouping spaces (French, and `Intl`'s narrow no-break space)
 * become a plain space.
 */
export function normalizeKeepingNumbers(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(NOT_WORD_OUTSIDE_NUMBERS, (run) =>
      run.length === 1 && !/[\s\u00a0\u202f]/u.test(run) && /[.,/:'’-]/u.test(run) ? run : ' ',
    )
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What was typed, ready to compare: the whole phrase and its distinct words. */
export interface PreparedQuery {
  phrase: string;
  words: readonly string[];
  /** Each word with a space at each end (a whole word in a padded name). */
  wholeWords: readonly string[];
  /** Each word after a space (a word start in a padded name). */
  wordStarts: readonly string[];
}

export function prepareQuery(
  text: string,
  normalize: (text: string) => string = normalizeForSearch,
): PreparedQuery {
  const phrase = normalize(text);
  const words = phrase === '' ? [] : [...new Set(phrase.split(' '))];
  return {
    phrase,
    words,
    wholeWords: words.map((word) => ` ${word} `),
    wordStarts: words.map((word) => ` ${word}`),
  };
}

/** Whether every word of the query is inside `normalized` (an empty query holds nothing). */
export function holdsEveryWord(normalized: string, query: PreparedQuery): boolean {
  const { words } = query;
  if (words.length === 0) return false;
  for (let i = 0; i < words.length; i += 1) {
    if (!normalized.includes(words[i] as string)) return false;
  }
  return true;
}

/**
 * Whether every match of `next` is a match of `previous` (next only adds to what was
 * typed): each earlier word is then inside a word of the new text, so nothing else can match.
 */
export function narrows(previous: PreparedQuery, next: PreparedQuery): boolean {
  return previous.phrase !== '' && next.phrase.startsWith(previous.phrase);
}
