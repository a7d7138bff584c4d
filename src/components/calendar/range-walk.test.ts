import { describe, expect, it } from 'vitest';
import { DAY_MARGIN_MS, nearerEnd, RANGE_WALK_BOUND, walkVerdict } from './range-walk';

const DAY = 24 * 60 * 60 * 1000;
const june = { start: Date.UTC(2025, 5, 1), end: Date.UTC(2025, 6, 1) };

describe('nearerEnd', () => {
  it('reads backwards for the newest months and forwards for the oldest', () => {
    const oldest = Date.UTC(2024, 0, 1);
    const newest = Date.UTC(2025, 6, 10);
    expect(nearerEnd(june, oldest, newest)).toBe('desc');
    const march2024 = { start: Date.UTC(2024, 2, 1), end: Date.UTC(2024, 3, 1) };
    expect(nearerEnd(march2024, oldest, newest)).toBe('asc');
  });

  it('reads backwards when the view has no dated record to go by', () => {
    expect(nearerEnd(june, null, null)).toBe('desc');
  });
});

describe('walkVerdict', () => {
  const base = {
    range: june,
    read: 500,
    hasNextPage: true,
    allowance: RANGE_WALK_BOUND,
  };

  it('reads on while the records read backwards are still in or after the range', () => {
    expect(walkVerdict({ ...base, direction: 'desc', lastInstant: june.end + 5 * DAY })).toBe(
      'more',
    );
    expect(walkVerdict({ ...base, direction: 'desc', lastInstant: june.start + DAY })).toBe('more');
  });

  it('stops backwards once a record is more than a day before the range', () => {
    expect(
      walkVerdict({ ...base, direction: 'desc', lastInstant: june.start - DAY_MARGIN_MS / 2 }),
    ).toBe('more');
    expect(walkVerdict({ ...base, direction: 'desc', lastInstant: june.start - 2 * DAY })).toBe(
      'past',
    );
  });

  it('stops forwards once a record is more than a day after the range', () => {
    expect(walkVerdict({ ...base, direction: 'asc', lastInstant: june.end - DAY })).toBe('more');
    expect(walkVerdict({ ...base, direction: 'asc', lastInstant: june.end + 2 * DAY })).toBe(
      'past',
    );
  });

  it('stops at the first record without a date: empty cells come last either way', () => {
    expect(walkVerdict({ ...base, direction: 'asc', lastInstant: null })).toBe('past');
  });

  it('asks for the first page, and ends with the view', () => {
    expect(walkVerdict({ ...base, read: 0, direction: 'desc', lastInstant: null })).toBe('more');
    expect(
      walkVerdict({ ...base, hasNextPage: false, direction: 'desc', lastInstant: june.start }),
    ).toBe('end');
  });

  it('asks before reading past its allowance, and goes on when it grows', () => {
    const far = { ...base, direction: 'desc' as const, lastInstant: june.end + 100 * DAY };
    expect(walkVerdict({ ...far, read: RANGE_WALK_BOUND })).toBe('bound');
    expect(walkVerdict({ ...far, read: RANGE_WALK_BOUND, allowance: 2 * RANGE_WALK_BOUND })).toBe(
      'more',
    );
  });
});
