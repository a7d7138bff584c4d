/**
 * The calendar's arithmetic, free of React: which days a month or a week shows, which day
 * of the week comes first in a language, and on which day (and at what time) a value
 * falls. Days are keyed `YYYY-MM-DD` in the person's own time zone; a value written as a
 * bare day (`2026-03-01`) is that calendar day wherever the person is, an instant is the
 * day it falls on where they are.
 */

/** 1 = Monday … 7 = Sunday, as `Intl.Locale`'s week info numbers them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface MonthKey {
  year: number;
  /** 1–12. */
  month: number;
}

export interface CalendarDay {
  /** `YYYY-MM-DD`, the person's calendar day. */
  key: string;
  /** Local midnight of the day. */
  date: Date;
  /** False for the days of the months before and after that fill the first and last weeks. */
  inMonth: boolean;
}

export interface InstantRange {
  /** Local midnight of the first day shown (ms). */
  start: number;
  /** Local midnight after the last day shown (ms): the range is [start, end). */
  end: number;
}

/**
 * Regions whose weeks start on Sunday (CLDR's `firstDay` data, the regions people here are
 * likeliest to be in), for engines without `Intl.Locale#getWeekInfo`. Everyone else: Monday.
 */
const SUNDAY_FIRST = new Set([
  'US',
  'CA',
  'BR',
  'MX',
  'JP',
  'KR',
  'TW',
  'HK',
  'IL',
  'IN',
  'PH',
  'ZA',
  'AU',
  'AR',
  'CO',
  'PE',
  'VE',
  'GT',
  'HN',
  'NI',
  'PA',
  'PR',
  'DO',
  'SV',
  'BO',
  'PY',
  'CN',
  'SA',
  'PT',
]);
// A language without a region means its most spoken one: English the US's, Portuguese Brazil's.
const LIKELY_REGION: Record<string, string> = { en: 'US', pt: 'BR', es: 'ES', ja: 'JP' };

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay?: number };
  weekInfo?: { firstDay?: number };
}

/** The first day of the week where `locale` is spoken (`en` → Sunday, `es` → Monday). */
export function firstDayOfWeek(locale: string): Weekday {
  try {
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & WeekInfoLocale;
    // Chromium and Safari: a method; older Chromium and Firefox until it lands: a getter.
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    const firstDay = info?.firstDay;
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay as Weekday;
    const region = intlLocale.region ?? LIKELY_REGION[intlLocale.language] ?? '';
    return SUNDAY_FIRST.has(region) ? 7 : 1;
  } catch {
    return 1;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function dayKeyOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function monthKeyText(month: MonthKey): string {
  return `${pad(month.year, 4)}-${pad(month.month)}`;
}

export function monthOf(date: Date): MonthKey {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/** `2025-06` → June 2025; null for anything else. */
export function parseMonth(text: string | null): MonthKey | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** `2025-06-09` → local midnight of that day; null for anything else (or `2025-02-30`). */
export function parseDay(text: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKeyOf(date) === text ? date : null;
}

export function addMonths(month: MonthKey, count: number): MonthKey {
  const index = month.year * 12 + (month.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Calendar days later (negative: earlier); by the calendar, so a daylight-saving day is one day. */
export function addDays(date: Date, count: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + count);
}

/** JavaScript's 0 = Sunday … 6 = Saturday as 1 = Monday … 7 = Sunday. */
function weekdayOf(date: Date): Weekday {
  return (date.getDay() === 0 ? 7 : date.getDay()) as Weekday;
}

/** The first day of the week holding `date`. */
export function startOfWeek(date: Date, firstDay: Weekday): Date {
  const back = (weekdayOf(date) - firstDay + 7) % 7;
  return addDays(date, -back);
}

/** The seven days of the week holding `date`. */
export function weekDays(
  date: Date,
  firstDay: Weekday,
  month: MonthKey | null = null,
): CalendarDay[] {
  const start = startOfWeek(date, firstDay);
  return Array.from({ length: 7 }, (_, offset) => {
    const day = addDays(start, offset);
    return {
      key: dayKeyOf(day),
      date: day,
      inMonth:
        month === null || (day.getMonth() + 1 === month.month && day.getFullYear() === month.year),
    };
  });
}

/** A month as whole weeks, from the week of its first day to the week of its last (4–6 rows). */
export function monthGrid(month: MonthKey, firstDay: Weekday): CalendarDay[][] {
  const first = new Date(month.year, month.month - 1, 1);
  const last = new Date(month.year, month.month, 0);
  const weeks: CalendarDay[][] = [];
  for (let start = startOfWeek(first, firstDay); start <= last; start = addDays(start, 7)) {
    weeks.push(weekDays(start, firstDay, month));
  }
  return weeks;
}

/** The instants a run of days covers: local midnight of the first to local midnight after the last. */
export function rangeOfDays(days: readonly CalendarDay[]): InstantRange {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return { start: 0, end: 0 };
  return { start: first.date.getTime(), end: addDays(last.date, 1).getTime() };
}

/** The names of the week's days in order from `firstDay`, long and short, in `locale`. */
export function weekdayNames(locale: string, firstDay: Weekday): { long: string; short: string }[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, offset) => {
    const day = new Date(2024, 0, ((firstDay - 1 + offset) % 7) + 1);
    return { long: long.format(day), short: short.format(day) };
  });
}

export interface DatedValue {
  /** The calendar day it falls on, `YYYY-MM-DD`. */
  day: string;
  /** The instant (ms); a bare day's local midnight. */
  instant: number;
  /** False for a bare day (`2026-03-01`): no time to show. */
  hasTime: boolean;
}

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Where a DATETIME value falls; null for an empty cell or anything that is not a date. */
export function datedValueOf(value: unknown): DatedValue | null {
  if (typeof value !== 'string') return null;
  if (BARE_DAY.test(value)) {
    const date = parseDay(value);
    return date ? { day: value, instant: date.getTime(), hasTime: false } : null;
  }
  if (!ISO_INSTANT.test(value)) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  return { day: dayKeyOf(new Date(instant)), instant, hasTime: true };
}

export interface PlacedItem<T> {
  item: T;
  when: DatedValue;
}

/**
 * Items on their days, each day's in time order (bare days first, then by instant, ties
 * as they came); only days in `range` when one is given. Items without a date are left out.
 */
export function placeOnDays<T>(
  items: Iterable<T>,
  dateOf: (item: T) => unknown,
  range: InstantRange | null = null,
): Map<string, PlacedItem<T>[]> {
  const byDay = new Map<string, PlacedItem<T>[]>();
  for (const item of items) {
    const when = datedValueOf(dateOf(item));
    if (when === null) continue;
    if (range !== null && (when.instant < range.start || when.instant >= range.end)) continue;
    const list = byDay.get(when.day);
    if (list) list.push({ item, when });
    else byDay.set(when.day, [{ item, when }]);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) =>
      a.when.hasTime === b.when.hasTime ? a.when.instant - b.when.instant : a.when.hasTime ? 1 : -1,
    );
  }
  return byDay;
}
