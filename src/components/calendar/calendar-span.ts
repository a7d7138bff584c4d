/**
 * What a calendar shows, as its address says it: `month=2025-06` (a month) or
 * `week=2025-06-09` (the week holding that day), else the current month. Pure, so the
 * records' and the tasks' calendars read and write their addresses alike.
 */
import {
  addDays,
  addMonths,
  type CalendarDay,
  dayKeyOf,
  type InstantRange,
  type MonthKey,
  monthGrid,
  monthKeyText,
  monthOf,
  parseDay,
  parseMonth,
  rangeOfDays,
  startOfWeek,
  type Weekday,
  weekDays,
} from './calendar-dates';

export const MONTH_PARAM = 'month';
export const WEEK_PARAM = 'week';

export type CalendarSpan =
  | { mode: 'month'; month: MonthKey }
  | { mode: 'week' /** Any day of the week; its first day once normalized. */; day: Date };

/** The span an address names; the current month when it names none (or nonsense). */
export function calendarSpanOf(params: URLSearchParams, today: Date): CalendarSpan {
  const week = parseDay(params.get(WEEK_PARAM));
  if (week) return { mode: 'week', day: week };
  return { mode: 'month', month: parseMonth(params.get(MONTH_PARAM)) ?? monthOf(today) };
}

/** The address's calendar parameters for `span`, the others left as they were. */
export function writeCalendarSpan(params: URLSearchParams, span: CalendarSpan): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(MONTH_PARAM);
  next.delete(WEEK_PARAM);
  if (span.mode === 'month') next.set(MONTH_PARAM, monthKeyText(span.month));
  else next.set(WEEK_PARAM, dayKeyOf(span.day));
  return next;
}

/** The weeks a span draws (a month's 4–6, or one) and the instants they cover. */
export function weeksOfSpan(
  span: CalendarSpan,
  firstDay: Weekday,
): { weeks: CalendarDay[][]; range: InstantRange } {
  const weeks =
    span.mode === 'month' ? monthGrid(span.month, firstDay) : [weekDays(span.day, firstDay)];
  return { weeks, range: rangeOfDays(weeks.flat()) };
}

/** The span before (-1) or after (+1). */
export function stepSpan(span: CalendarSpan, step: -1 | 1, firstDay: Weekday): CalendarSpan {
  return span.mode === 'month'
    ? { mode: 'month', month: addMonths(span.month, step) }
    : { mode: 'week', day: addDays(startOfWeek(span.day, firstDay), 7 * step) };
}

/** The same kind of span, holding today. */
export function spanOfToday(span: CalendarSpan, today: Date): CalendarSpan {
  return span.mode === 'month'
    ? { mode: 'month', month: monthOf(today) }
    : { mode: 'week', day: today };
}

/**
 * The other kind of span around the same time: a month's week is its first week holding
 * today when today is in it, else its first day's; a week's month is the month of its
 * first day.
 */
export function switchSpan(span: CalendarSpan, today: Date, firstDay: Weekday): CalendarSpan {
  if (span.mode === 'week')
    return { mode: 'month', month: monthOf(startOfWeek(span.day, firstDay)) };
  const sameMonth =
    today.getFullYear() === span.month.year && today.getMonth() + 1 === span.month.month;
  return {
    mode: 'week',
    day: sameMonth ? today : new Date(span.month.year, span.month.month - 1, 1),
  };
}
