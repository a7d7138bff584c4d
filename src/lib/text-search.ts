/**
 * Forgiving text comparison shared by Go to (src/app/command-palette/goto-match.ts) and
 * Find in a table (src/features/records/find/): pure, no React, no i18n, so it also runs
 * in a worker. Case, accents and punctuation don't count ("Léa" = "lea", "order_no" =
 * "order no"), and every word typed must appear somewhere, in any order.
 */

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const MARK = /\p{M}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A separator that stays when it stands alone between two letters or digits ("1,234.50", "12/03"). */
const KEPT_ALONE = ".,/:'’-";

/** Combining marks start at U+0300: below it, nothing to look up. */
const FIRST_MARK = 0x300;

/** Without its marks (the accents NFKD takes apart), as `.replace(MARKS, '')`, by a loop. */
function marksDropped(text: string): string {
  let out = '';
  let copiedTo = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) < FIRST_MARK) continue;
    const code = text.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    if (MARK.test(String.fromCodePoint(code))) {
      out += text.slice(copiedTo, i);
      copiedTo = i + width;
    }
    i += width - 1;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

function isLetterOrDigit(code: number): boolean {
  if (code < 128) {
    const lower = code | 32;
    return (lower >= 97 && lower <= 122) || (code >= 48 && code <= 57);
  }
  return LETTER_OR_DIGIT.test(String.fromCodePoint(code));
}

/**
 * Each run of what is not a letter or a digit made one space, unless it is one of
 * KEPT_ALONE standing alone. A find normalizes every record's whole text (100,000 of them
 * for a view), and the Unicode-class regular expressions that did this (and dropped the
 * marks) were a third of its time: these loops look up only characters past ASCII.
 */
function separatorsSpaced(text: string): string {
  let out = '';
  let copiedTo = 0;
  /** The run under way: where it starts (-1: none), its first character, its length. */
  let runStart = -1;
  let runFirst = '';
  let runLength = 0;
  const endRun = (at: number) => {
    out += text.slice(copiedTo, runStart);
    out +=
      runLength === 1 && runFirst.length === 1 && KEPT_ALONE.includes(runFirst) ? runFirst : ' ';
    copiedTo = at;
    runStart = -1;
  };
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    if (isLetterOrDigit(code)) {
      if (runStart !== -1) endRun(i);
    } else if (runStart === -1) {
      runStart = i;
      runFirst = text.slice(i, i + width);
      runLength = 1;
    } else {
      runLength += 1;
    }
    i += width;
  }
  if (runStart !== -1) endRun(text.length);
  return out + text.slice(copiedTo);
}

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
  return separatorsSpaced(marksDropped(text.normalize('NFKD')).toLowerCase())
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
