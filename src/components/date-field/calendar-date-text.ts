import { type CalendarDate, parseDate } from '@internationalized/date';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as the service's filters write it (`2026-03-01`), or null for anything else: text
 * from a link that is not a day is kept by the filter (and refused by the service), never
 * shown as some other date.
 */
export function calendarDateOf(text: string | null | undefined): CalendarDate | null {
  if (!text || !DAY.test(text)) return null;
  try {
    return parseDate(text);
  } catch {
    // 2026-02-30 and the like: the right shape, no such day.
    return null;
  }
}

/** The day as the service's filters take it: `2026-03-01`. */
export function dayTextOf(date: CalendarDate): string {
  return date.toString();
}
