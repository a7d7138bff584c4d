/**
 * Which words typed can be inside a number or a date as Intl writes it in the find's
 * language, so that a record is first looked at without them (FindStore): formatting every
 * number and date was most of a record's cost, and a find over 1,000,000 records pays it a
 * million times, for a word ("haddad") that no number or date can hold.
 *
 * Intl writes a number or a date with digits, separators and a few words: the currency's
 * symbol or code ("R$", "US$"), the months' names, the time of day ("PM"), the words
 * between ("de"). Those words are collected by formatting samples (every month at every
 * hour, numbers of each kind in each currency the plan's columns name); a word typed can be
 * inside a formatted value only when each of its runs of letters is inside one of them.
 */
import { normalizeKeepingNumbers } from '../../../../lib/text-search';
import { amountText, type FindPlan, type ValueFormats } from './record-text';

/** What splits a normalized text into runs of letters: digits, spaces, kept separators. */
const NOT_LETTERS = /[\p{N}\s.,/:'’-]+/u;

function letterRuns(normalized: string): string[] {
  return normalized.split(NOT_LETTERS).filter((run) => run !== '');
}

const SAMPLE_AMOUNTS = [0, 0.5, 7, -1234567.891, 1.2345e20, 1e21, -0.001];

/** The runs of letters Intl writes in this plan's numbers and dates (normalized, distinct). */
export function formattedWords(plan: FindPlan, formats: ValueFormats): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const run of letterRuns(normalizeKeepingNumbers(text))) words.add(run);
  };
  const currencies = new Set<string | null>([null]);
  for (const column of plan.columns) {
    if (column.type === 'NUMBER') currencies.add(column.currency);
  }
  for (const currency of currencies) {
    for (const amount of SAMPLE_AMOUNTS) add(amountText(formats, amount, currency));
  }
  for (const year of [1001, 2025, 9998]) {
    for (let month = 0; month < 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const time = Date.UTC(year, month, 15, hour, 30);
        add(formats.day.format(time));
        add(formats.time.format(time));
      }
    }
  }
  return [...words];
}

/** Whether a word typed (normalized) can be inside a number or a date of the plan. */
export function canBeFormatted(word: string, words: readonly string[]): boolean {
  return letterRuns(word).every((run) => words.some((formatted) => formatted.includes(run)));
}
