import { describe, expect, it } from 'vitest';
import { placeNoticeText } from './use-keep-place';

describe('placeNoticeText', () => {
  it('marks saved rows with the time they were saved (and the day when not today)', () => {
    const now = new Date('2026-11-23T15:00:00');
    expect(
      placeNoticeText({ kind: 'saved', savedAt: new Date('2026-11-23T14:05:00').getTime() }, now),
    ).toMatch(/^Saved .*2.*05.*; refreshing…$/);
    const yesterday = placeNoticeText(
      { kind: 'saved', savedAt: new Date('2026-11-22T14:05:00').getTime() },
      now,
    );
    expect(yesterday).toMatch(/2026/);
  });

  it('says when the row the user was at is gone', () => {
    expect(placeNoticeText({ kind: 'moved' })).toBe(
      'the row you were at is no longer here; showing the nearest position',
    );
  });
});
