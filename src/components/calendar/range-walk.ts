/**
 * Reading the records of a date range from a service that can only sort and test
 * equality: the view sorted by the date column, from the end nearer the range, until the
 * first record past it. Pure rules; the hook that walks lives with the records.
 */
import type { InstantRange } from './calendar-dates';

export type WalkDirection = 'asc' | 'desc';

/** Records read before a walk stops to ask whether to go on. */
export const RANGE_WALK_BOUND = 20_000;

/**
 * A day on either side of the range is read before stopping: a bare day (`2026-03-01`) is
 * sorted by the service as its UTC midnight but shown on its own calendar day, up to 14
 * hours away from the person's local midnight.
 */
export const DAY_MARGIN_MS = 24 * 60 * 60 * 1000;

/**
 * Which end of the view to read from: the one whose first record is nearer the range, as
 * a guess of which has fewer records to pass over (records spread evenly in time).
 * `oldest` and `newest` are the instants of the view's first record each way, null when
 * the view has no dated record.
 */
export function nearerEnd(
  range: InstantRange,
  oldest: number | null,
  newest: number | null,
): WalkDirection {
  if (oldest === null || newest === null) return 'desc';
  const fromNewest = Math.max(0, newest - range.end);
  const fromOldest = Math.max(0, range.start - oldest);
  return fromOldest < fromNewest ? 'asc' : 'desc';
}

export type WalkVerdict =
  /** Read the next page: the range may go on. */
  | 'more'
  /** The last record read is past the range (or has no date: empty cells come last). */
  | 'past'
  /** The view has no more records. */
  | 'end'
  /** The bound is reached with the range not yet passed: ask before reading on. */
  | 'bound';

/**
 * Whether a walk has read enough for `range`. `lastInstant` is the date of the last
 * record read in the walk's order (null: no date, or nothing read yet when `read` is 0);
 * records come sorted, so once one is past the range every later one is too.
 */
export function walkVerdict(walk: {
  direction: WalkDirection;
  range: InstantRange;
  read: number;
  lastInstant: number | null;
  hasNextPage: boolean;
  /** How many records this walk may read before asking (grows with each "Continue"). */
  allowance: number;
}): WalkVerdict {
  const { direction, range, read, lastInstant } = walk;
  if (read > 0) {
    if (lastInstant === null) return 'past';
    if (direction === 'desc' && lastInstant < range.start - DAY_MARGIN_MS) return 'past';
    if (direction === 'asc' && lastInstant >= range.end + DAY_MARGIN_MS) return 'past';
  }
  if (!walk.hasNextPage) return 'end';
  return read >= walk.allowance ? 'bound' : 'more';
}
