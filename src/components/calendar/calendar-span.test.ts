import { describe, expect, it } from 'vitest';
import {
  calendarSpanOf,
  spanOfToday,
  stepSpan,
  switchSpan,
  weeksOfSpan,
  writeCalendarSpan,
} from './calendar-span';

const today = new Date(2025, 5, 11);

describe('calendar spans in the address', () => {
  it('reads a month, a week, or the current month', () => {
    expect(calendarSpanOf(new URLSearchParams('month=2024-02'), today)).toEqual({
      mode: 'month',
      month: { year: 2024, month: 2 },
    });
    const week = calendarSpanOf(new URLSearchParams('week=2025-06-09'), today);
    expect(week.mode === 'week' && week.day.getDate()).toBe(9);
    expect(calendarSpanOf(new URLSearchParams('month=soon'), today)).toEqual({
      mode: 'month',
      month: { year: 2025, month: 6 },
    });
  });

  it('writes one span parameter and keeps the others', () => {
    const params = new URLSearchParams('layout=calendar&week=2025-06-09&filter%5Bstatus%5D=paid');
    const next = writeCalendarSpan(params, { mode: 'month', month: { year: 2025, month: 7 } });
    expect(next.get('month')).toBe('2025-07');
    expect(next.has('week')).toBe(false);
    expect(next.get('filter[status]')).toBe('paid');
    expect(next.get('layout')).toBe('calendar');
  });
});

describe('moving through time', () => {
  it('steps months and weeks, and back to today', () => {
    expect(stepSpan({ mode: 'month', month: { year: 2025, month: 1 } }, -1, 1)).toEqual({
      mode: 'month',
      month: { year: 2024, month: 12 },
    });
    const next = stepSpan({ mode: 'week', day: new Date(2025, 5, 11) }, 1, 1);
    expect(next.mode === 'week' && next.day.getDate()).toBe(16);
    expect(spanOfToday({ mode: 'month', month: { year: 2020, month: 1 } }, today)).toEqual({
      mode: 'month',
      month: { year: 2025, month: 6 },
    });
  });

  it("switches between a month and the week of today, or of the month's first day", () => {
    const thisMonth = switchSpan({ mode: 'month', month: { year: 2025, month: 6 } }, today, 1);
    expect(thisMonth.mode === 'week' && thisMonth.day.getDate()).toBe(11);
    const other = switchSpan({ mode: 'month', month: { year: 2025, month: 3 } }, today, 1);
    expect(other.mode === 'week' && other.day.getMonth()).toBe(2);
    expect(switchSpan({ mode: 'week', day: new Date(2025, 5, 30) }, today, 1)).toEqual({
      mode: 'month',
      month: { year: 2025, month: 6 },
    });
  });

  it('covers a week as seven days', () => {
    const { weeks, range } = weeksOfSpan({ mode: 'week', day: new Date(2025, 5, 11) }, 7);
    expect(weeks).toHaveLength(1);
    expect(weeks[0]?.[0]?.key).toBe('2025-06-08');
    expect(range.end - range.start).toBeGreaterThanOrEqual(7 * 23 * 3600 * 1000);
  });
});
