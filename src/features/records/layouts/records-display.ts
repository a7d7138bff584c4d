/**
 * How a view's records are drawn beyond the grid and its cards, as the address says it:
 * `layout=board&group=<column>` or `layout=calendar&date=<column>` (with the calendar's
 * `month=` or `week=`). Free of React: read at start-up and by the views' links alike.
 */
import { MONTH_PARAM, WEEK_PARAM } from '../../../components/calendar/calendar-span';

export const LAYOUT_PARAM = 'layout';
export const GROUP_PARAM = 'group';
export const DATE_PARAM = 'date';

export type RecordsDisplay =
  /** `group`: the single-choice column the board groups by (null: the first there is). */
  | { kind: 'board'; group: string | null }
  /** `date`: the date column records are placed by (null: the first there is). */
  | { kind: 'calendar'; date: string | null };

/** The display an address asks for; null for the grid (or its cards). */
export function displayOf(params: URLSearchParams): RecordsDisplay | null {
  const layout = params.get(LAYOUT_PARAM);
  if (layout === 'board') return { kind: 'board', group: params.get(GROUP_PARAM) || null };
  if (layout === 'calendar') return { kind: 'calendar', date: params.get(DATE_PARAM) || null };
  return null;
}

/** The address with `display` (null: back to the grid), other parameters as they were. */
export function writeDisplay(
  params: URLSearchParams,
  display: RecordsDisplay | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [LAYOUT_PARAM, GROUP_PARAM, DATE_PARAM]) next.delete(key);
  if (display?.kind !== 'calendar') {
    next.delete(MONTH_PARAM);
    next.delete(WEEK_PARAM);
  }
  if (display === null) return next;
  next.set(LAYOUT_PARAM, display.kind);
  if (display.kind === 'board' && display.group) next.set(GROUP_PARAM, display.group);
  if (display.kind === 'calendar' && display.date) next.set(DATE_PARAM, display.date);
  return next;
}

/** The address's parameters that belong to the display (a view's link carries them). */
export function isDisplayParam(key: string): boolean {
  return (
    key === LAYOUT_PARAM ||
    key === GROUP_PARAM ||
    key === DATE_PARAM ||
    key === MONTH_PARAM ||
    key === WEEK_PARAM
  );
}

/** A display as a view of one's own keeps it (checked: storage and files are not trusted). */
export function checkDisplay(value: unknown): RecordsDisplay | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const { kind, group, date } = value as Record<string, unknown>;
  const column = (name: unknown) =>
    typeof name === 'string' && name !== ''
      ? name
      : name === null || name === undefined
        ? null
        : false;
  if (kind === 'board') {
    const named = column(group);
    return named === false ? 'invalid' : { kind, group: named };
  }
  if (kind === 'calendar') {
    const named = column(date);
    return named === false ? 'invalid' : { kind, date: named };
  }
  return 'invalid';
}
