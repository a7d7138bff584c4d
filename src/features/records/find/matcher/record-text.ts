/**
 * A record as a person reads it, as one normalized string to find words in: the visible
 * columns' values in the language on screen (numbers, money and dates from `Intl`, yes/no
 * in words, option labels), linked records and people by name, Markdown without its marks.
 * Pure and free of React and of the message runtime: it runs in the find worker, which is
 * handed the language and the words it needs (FindPlan).
 */
import type { ColumnType, RecordRow } from '../../../../lib/api/types';
import { normalizeKeepingNumbers } from '../../../../lib/text-search';
import { guessTypeOfValue, isIsoDateString } from '../../columns/infer-columns';

/** What the worker needs to know of one column (plain data: it is posted to the worker). */
export interface FindColumn {
  name: string;
  type: ColumnType;
  /** NUMBER columns whose settings name an ISO 4217 currency. */
  currency: string | null;
  /** SELECT/MULTISELECT: labels by value, where the service lists labels apart from values. */
  optionLabels: Record<string, string> | null;
}

/** How the table is read: its language, its words, the columns searched. */
export interface FindPlan {
  /** The `Intl` locale of the language on screen ("pt-BR"). */
  locale: string;
  /** "yes" and "no" in that language, as the cells say them to a screen reader. */
  yes: string;
  no: string;
  columns: readonly FindColumn[];
}

/** A linked record's or person's name by id; undefined when none is known. */
export type NameLookup = (id: string) => string | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Formatters made once per locale: a walk formats millions of values. */
export interface ValueFormats {
  number: Intl.NumberFormat;
  /** Without grouping: "1234,5" finds "1.234,5" (people type amounts without separators). */
  plainNumber: Intl.NumberFormat;
  money: (currency: string) => Intl.NumberFormat | null;
  day: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
}

export function valueFormatsFor(locale: string): ValueFormats {
  const moneyFormats = new Map<string, Intl.NumberFormat | null>();
  return {
    number: new Intl.NumberFormat(locale),
    plainNumber: new Intl.NumberFormat(locale, { useGrouping: false }),
    money: (currency) => {
      let format = moneyFormats.get(currency);
      if (format === undefined) {
        try {
          format = new Intl.NumberFormat(locale, { style: 'currency', currency });
        } catch {
          format = null; // Three letters Intl doesn't know: a plain number, as the cells show it.
        }
        moneyFormats.set(currency, format);
      }
      return format;
    },
    // As the cells show them (columns/record-cell.tsx): a day in UTC, a moment in local time.
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}

/** `**bold**`, `[text](url)`, `<b>`, `# heading`: the words, without the URL and the marks. */
export function markdownAsText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_~`#>|]+/g, ' ');
}

function currencyOfMoney(value: unknown): { amount: number; currency: string } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  return typeof amount === 'number' &&
    Number.isFinite(amount) &&
    typeof currency === 'string' &&
    /^[A-Za-z]{3}$/.test(currency)
    ? { amount, currency: currency.toUpperCase() }
    : null;
}

export function amountText(formats: ValueFormats, amount: number, currency: string | null): string {
  const money = currency === null ? null : formats.money(currency);
  const shown = (money ?? formats.number).format(amount);
  return Math.abs(amount) >= 1000 ? `${shown} ${formats.plainNumber.format(amount)}` : shown;
}

export function dateText(formats: ValueFormats, iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return (DATE_ONLY.test(iso) ? formats.day : formats.time).format(time);
}

function listText(items: readonly unknown[], each: (item: unknown) => string): string {
  let text = '';
  for (const item of items) text += ` ${each(item)}`;
  return text;
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * Years whose dates Intl writes with the words of formattedWords (formatted-words.ts): a
 * day a time zone away from them, at either end, stays inside.
 */
const PLAIN_YEARS = { from: 1001, to: 9998 };

/** A date Intl writes with no word but a month's and the time of day's (see PLAIN_YEARS). */
function isPlainDate(iso: string): boolean {
  const year = new Date(Date.parse(iso)).getUTCFullYear();
  return year >= PLAIN_YEARS.from && year <= PLAIN_YEARS.to;
}

/**
 * One value's text as its cell shows it (before normalizing). `formatted` false leaves out
 * what Intl formats (numbers and dates: the costly part of a record), for a first look
 * with a word that no such value can hold (FindStore).
 */
export function valueText(
  value: unknown,
  column: FindColumn,
  plan: FindPlan,
  formats: ValueFormats,
  nameOf: NameLookup,
  formatted = true,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? plan.yes : plan.no;
  if (typeof value === 'number') {
    if (!formatted) return '';
    return amountText(formats, value, column.type === 'NUMBER' ? column.currency : null);
  }
  const money = currencyOfMoney(value);
  if (money) return amountText(formats, money.amount, money.currency);
  if (column.type === 'REFERENCE') {
    const ids = Array.isArray(value) ? value : [value];
    return listText(ids, (id) => (typeof id === 'string' ? (nameOf(id) ?? '') : ''));
  }
  if (typeof value === 'string') {
    if (column.type === 'SELECT') return column.optionLabels?.[value] ?? value;
    if (column.type === 'LONGTEXT') return markdownAsText(value);
    if (isIsoDateString(value)) {
      return formatted || !isPlainDate(value) ? dateText(formats, value) : '';
    }
    // A person's id in a text column reads as their name where the directory knows it.
    const person = nameOf(value);
    return person === undefined ? value : `${value} ${person}`;
  }
  if (Array.isArray(value)) {
    const shape = guessTypeOfValue(value);
    if (shape === 'MULTISELECT' || column.type === 'MULTISELECT') {
      return listText(value, (item) =>
        typeof item === 'string' ? (column.optionLabels?.[item] ?? item) : jsonText(item),
      );
    }
    if (shape === 'FILE' || column.type === 'FILE') {
      return listText(value, (file) =>
        typeof file === 'object' && file !== null && 'name' in file
          ? String(file.name)
          : jsonText(file),
      );
    }
  }
  return jsonText(value);
}

/**
 * The record's searchable text: every planned column's value, normalized, space-separated;
 * without the numbers and dates when `formatted` is false (see valueText).
 */
export function recordSearchText(
  record: RecordRow,
  plan: FindPlan,
  formats: ValueFormats,
  nameOf: NameLookup,
  formatted = true,
): string {
  let text = '';
  for (const column of plan.columns) {
    const shown = valueText(record.fields[column.name], column, plan, formats, nameOf, formatted);
    if (shown !== '') text += ` ${shown}`;
  }
  return normalizeKeepingNumbers(text);
}
