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

/** ASCII letters and digits by code (1), for the loop below. */
const ASCII_LETTER_OR_DIGIT = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const lower = code | 32;
  if ((lower >= 97 && lower <= 122) || (code >= 48 && code <= 57)) ASCII_LETTER_OR_DIGIT[code] = 1;
}
/** The KEPT_ALONE characters' codes (all in the first plane). */
const KEPT_ALONE_CODES = new Set([...KEPT_ALONE].map((char) => char.charCodeAt(0)));
const SPACE = 32;
/** The text being built, as UTF-16 code units: reused, grown when a longer text comes. */
let built = new Uint16Array(1024);
/** Code units made into a string at once (String.fromCharCode takes them as arguments). */
const CHUNK = 8192;

/** The code units from `from` to `to` as a string (fromCharCode takes an array-like). */
function unitsText(units: Uint16Array, from: number, to: number): string {
  return String.fromCharCode.apply(null, units.subarray(from, to) as unknown as number[]);
}

/**
 * Each run of what is not a letter or a digit made one space, unless it is one of
 * KEPT_ALONE standing alone; no space at either end. A find normalizes every record's whole
 * text (1,000,000 of them for a big view), and the Unicode-class regular expressions that
 * did this were a third of its time, then a loop that sliced and joined strings was still
 * half of a record's cost: this one writes code units into a reused buffer and looks up
 * only characters past ASCII.
 */
function separatorsSpaced(text: string): string {
  const length = text.length;
  if (built.length < length) built = new Uint16Array(Math.max(length, built.length * 2));
  const out = built;
  let at = 0;
  /** The run under way: its length in code points (0: none), and its first code unit (-1: astral). */
  let runLength = 0;
  let runFirst = -1;
  for (let i = 0; i < length; ) {
    const unit = text.charCodeAt(i);
    let width = 1;
    let wordy: boolean;
    if (unit < 128) {
      wordy = ASCII_LETTER_OR_DIGIT[unit] === 1;
    } else {
      const code = text.codePointAt(i) as number;
      width = code > 0xffff ? 2 : 1;
      wordy = LETTER_OR_DIGIT.test(String.fromCodePoint(code));
    }
    if (wordy) {
      if (runLength > 0) {
        // A run at the start is trimmed away, unless it is a kept separator.
        if (runLength === 1 && runFirst !== -1 && KEPT_ALONE_CODES.has(runFirst)) {
          out[at++] = runFirst;
        } else if (at > 0) {
          out[at++] = SPACE;
        }
        runLength = 0;
      }
      out[at++] = unit;
      if (width === 2) out[at++] = text.charCodeAt(i + 1);
    } else {
      if (runLength === 0) runFirst = width === 1 ? unit : -1;
      runLength += 1;
    }
    i += width;
  }
  // A run at the end is trimmed away, unless it is a kept separator.
  if (runLength === 1 && runFirst !== -1 && KEPT_ALONE_CODES.has(runFirst)) out[at++] = runFirst;
  if (at <= CHUNK) return unitsText(out, 0, at);
  let result = '';
  for (let from = 0; from < at; from += CHUNK) {
    result += unitsText(out, from, Math.min(at, from + CHUNK));
  }
  return result;
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
  return separatorsSpaced(marksDropped(text.normalize('NFKD')).toLowerCase());
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
