/**
 * Numbers, money, dates, relative times and lists in the language on screen, from `Intl`,
 * so words and formats always agree ("1.234,56 €" beside Spanish words, never beside
 * English ones). Formatters are made once per language and options.
 */
import { activeLocale } from './i18n';
import { formatLocaleOf } from './locales';

const formatters = new Map<string, unknown>();
// Callers mostly pass the same options object on every call (a module constant): finding its
// formatter by identity skips serializing the options on each value formatted (an export
// formats millions).
const byOptionsObject = new WeakMap<object, Map<string, unknown>>();

function cached<T>(kind: string, options: object | undefined, make: (locale: string) => T): T {
  const locale = formatLocaleOf(activeLocale());
  const sameObject = options === undefined ? undefined : byOptionsObject.get(options);
  const known = sameObject?.get(`${kind}|${locale}`) as T | undefined;
  if (known !== undefined) return known;
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  if (options !== undefined) {
    const perObject = sameObject ?? new Map<string, unknown>();
    perObject.set(`${kind}|${locale}`, formatter);
    if (sameObject === undefined) byOptionsObject.set(options, perObject);
  }
  return formatter;
}

export function formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string {
  return cached('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}

/** An amount in `currency` (ISO 4217); an unknown code falls back to a plain number. */
export function formatCurrency(value: number, currency: string): string {
  try {
    // Keyed by the code, not by an options object made per call: a grid formats a column
    // of amounts every scroll frame, and each new object was a serialization and a
    // WeakMap entry for the garbage collector.
    return cached(
      `currency ${currency}`,
      undefined,
      (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency }),
    ).format(value);
  } catch {
    return formatNumber(value);
  }
}

export function formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options)).format(
    value,
  );
}

/** One object for every call (cached() finds the formatter by its identity). */
const TIMESTAMP: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A timestamp as sent by the service; anything unparseable is shown as sent. */
export function formatTimestamp(
  value: string | null,
  options: Intl.DateTimeFormatOptions = TIMESTAMP,
): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatDate(time, options);
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "hace 3 minutos", "em 2 dias": `then` against `now`. */
export function formatRelativeTime(then: number, now: number = Date.now()): string {
  let amount = (then - now) / 1000;
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  for (const [stepUnit, size] of RELATIVE_STEPS) {
    unit = stepUnit;
    if (Math.abs(amount) < size) break;
    amount /= size;
  }
  return cached(
    'relative',
    undefined,
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  ).format(Math.round(amount), unit);
}

/** "gift, fragile and new" / "gift, fragile y new". */
export function formatList(
  items: readonly string[],
  type: Intl.ListFormatType = 'conjunction',
): string {
  // Keyed by the type, not by an options object made per call (a grid cell lists its
  // linked names and chips every time it is drawn).
  return cached(
    `list ${type}`,
    undefined,
    (locale) => new Intl.ListFormat(locale, { type }),
  ).format(items);
}
