import { describe, expect, it } from 'vitest';
import { contradictsDay, daysToRead, readingPlan } from './day-reads-plan';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('the UTC days a range is read by', () => {
  it('in UTC: the days shown, each once and in order', () => {
    const range = { start: Date.UTC(2025, 5, 30), end: Date.UTC(2025, 7, 11) };
    const days = daysToRead(range, { first: '2025-06-30', last: '2025-08-10' });
    expect(days).toHaveLength(42);
    expect(days[0]).toBe('2025-06-30');
    expect(days.at(-1)).toBe('2025-08-10');
  });

  it("east of UTC (UTC+2): the day before the first, whose evening is the first day's morning", () => {
    // Local midnight of 30 June at UTC+2 is 22:00 UTC on the 29th.
    const range = { start: Date.UTC(2025, 5, 29, 22), end: Date.UTC(2025, 7, 10, 22) };
    const days = daysToRead(range, { first: '2025-06-30', last: '2025-08-10' });
    expect(days[0]).toBe('2025-06-29');
    expect(days.at(-1)).toBe('2025-08-10');
    expect(days).toHaveLength(43);
  });

  it("west of UTC (UTC−5): the day after the last, whose early hours are the last day's evening", () => {
    const range = { start: Date.UTC(2025, 5, 30, 5), end: Date.UTC(2025, 7, 11, 5) };
    const days = daysToRead(range, { first: '2025-06-30', last: '2025-08-10' });
    expect(days[0]).toBe('2025-06-30');
    expect(days.at(-1)).toBe('2025-08-11');
    expect(days).toHaveLength(43);
  });

  it('a week: eight days at most', () => {
    const range = { start: Date.UTC(2025, 6, 6, 22), end: Date.UTC(2025, 6, 13, 22) };
    expect(daysToRead(range, { first: '2025-07-07', last: '2025-07-13' })).toEqual([
      '2025-07-06',
      '2025-07-07',
      '2025-07-08',
      '2025-07-09',
      '2025-07-10',
      '2025-07-11',
      '2025-07-12',
      '2025-07-13',
    ]);
  });
});

describe('how a range is read', () => {
  const july = { start: Date.UTC(2025, 5, 30), end: Date.UTC(2025, 7, 11) };
  const year = { oldest: Date.UTC(2025, 0, 5), newest: Date.UTC(2026, 0, 5) };
  const facts = { range: july, ...year, viewFiltersDate: false, daysRefused: false };

  it('a month in the middle of the view: day by day', () => {
    expect(readingPlan(facts)).toBe('days');
  });

  it('a month that holds either end of the view (or a day from it): the walk, which reads little else', () => {
    expect(readingPlan({ ...facts, newest: july.end - HOUR })).toBe('walk');
    expect(readingPlan({ ...facts, newest: july.end + 12 * HOUR })).toBe('walk');
    expect(readingPlan({ ...facts, oldest: july.start + DAY })).toBe('walk');
    expect(readingPlan({ ...facts, newest: july.start - 10 * DAY })).toBe('walk');
    expect(readingPlan({ ...facts, oldest: july.end + 10 * DAY })).toBe('walk');
  });

  it('falls back to the walk when days cannot be read: refused, a view that filters the date, no dated record', () => {
    expect(readingPlan({ ...facts, daysRefused: true })).toBe('walk');
    expect(readingPlan({ ...facts, viewFiltersDate: true })).toBe('walk');
    expect(readingPlan({ ...facts, oldest: null, newest: null })).toBe('walk');
  });
});

describe('a record answered for a day', () => {
  it('is on it when its instant falls on that UTC day, or it is that bare day', () => {
    expect(contradictsDay('2025-07-14T00:00:00.000Z', '2025-07-14')).toBe(false);
    expect(contradictsDay('2025-07-14T23:59:59.999Z', '2025-07-14')).toBe(false);
    expect(contradictsDay('2025-07-14T22:30:00-05:00', '2025-07-15')).toBe(false);
    expect(contradictsDay('2025-07-14', '2025-07-14')).toBe(false);
  });

  it('contradicts it otherwise, or without a date', () => {
    expect(contradictsDay('2025-07-15T00:00:00.000Z', '2025-07-14')).toBe(true);
    expect(contradictsDay('2025-07-13', '2025-07-14')).toBe(true);
    expect(contradictsDay(null, '2025-07-14')).toBe(true);
  });
});
