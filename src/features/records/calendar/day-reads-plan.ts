/**
 * Reading a calendar's range day by day, free of React. The service has no range filter,
 * but its equality filter on a DATETIME column takes a whole UTC day
 * (`filter[<column>]=2025-07-14`, docs/api.md). One request per UTC day covering the
 * days shown reads any range at the same cost wherever it sits among the view's dates,
 * where the walk from the nearer end (range-walk.ts) passes over every record between.
 */
import { datedValueOf, type InstantRange } from '../../../components/calendar/calendar-dates';
import { DAY_MARGIN_MS } from '../../../components/calendar/range-walk';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (`YYYY-MM-DD`) an instant falls on. */
function utcDayOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * The UTC days to ask for so that every record shown on the range's days is read: those
 * the range's instants cross (a local day straddles two UTC days away from UTC), and the
 * range's own calendar days (a bare day `2025-07-14` is that day everywhere and the
 * service files it under its UTC midnight). `localDays` are the first and last day keys
 * shown, in the person's time zone. In order, each once: 36–43 for a month, 8 for a week.
 */
export function daysToRead(
  range: InstantRange,
  localDays: { first: string; last: string },
): string[] {
  const fromUtc = utcDayOf(range.start);
  const toUtc = utcDayOf(range.end - 1);
  const first = fromUtc < localDays.first ? fromUtc : localDays.first;
  const last = toUtc > localDays.last ? toUtc : localDays.last;
  const days: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`); ; day += DAY_MS) {
    const key = utcDayOf(day);
    if (key > last) break;
    days.push(key);
  }
  return days;
}

export type ReadingPlan =
  /** Read the view sorted by the date from its nearer end (range-walk.ts). */
  | 'walk'
  /** One request per UTC day (daysToRead). */
  | 'days';

/**
 * How to read `range`. The walk when it is cheap or the only way: the range holds (or
 * nearly) the view's first or last date, so the walk reads little besides the range's
 * own records, in one request for a quiet month where days would cost forty; the view
 * itself filters the date column (a day's filter would replace it, and the view holds
 * one day or one instant at most); or the service refused a day's filter or answered one
 * with a record of another day. Otherwise day by day. `oldest` and `newest` are the
 * instants of the view's first record each way (null: no dated record).
 */
export function readingPlan(facts: {
  range: InstantRange;
  oldest: number | null;
  newest: number | null;
  viewFiltersDate: boolean;
  daysRefused: boolean;
}): ReadingPlan {
  const { range, oldest, newest } = facts;
  if (facts.viewFiltersDate || facts.daysRefused || oldest === null || newest === null) {
    return 'walk';
  }
  const near = (instant: number) =>
    instant >= range.start - DAY_MARGIN_MS && instant < range.end + DAY_MARGIN_MS;
  // The range past either end of the view's dates: the walk finds it empty in one page.
  if (newest < range.start || oldest >= range.end) return 'walk';
  return near(newest) || near(oldest) ? 'walk' : 'days';
}

/**
 * True when a record the service answered for `day` is not on that UTC day: a service
 * that ignores the filter (or reads it otherwise) cannot be read day by day.
 */
export function contradictsDay(value: unknown, day: string): boolean {
  const dated = datedValueOf(value);
  if (dated === null) return true;
  return (dated.hasTime ? utcDayOf(dated.instant) : dated.day) !== day;
}
