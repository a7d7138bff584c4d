import { describe, expect, it } from 'vitest';
import { checkDisplay, displayOf, isDisplayParam, writeDisplay } from './records-display';

describe('the display in the address', () => {
  it('reads a board by a column, a calendar by a date column, or the grid', () => {
    expect(displayOf(new URLSearchParams('layout=board&group=status'))).toEqual({
      kind: 'board',
      group: 'status',
    });
    expect(displayOf(new URLSearchParams('layout=calendar&date=ordered_at&month=2025-06'))).toEqual(
      {
        kind: 'calendar',
        date: 'ordered_at',
      },
    );
    expect(displayOf(new URLSearchParams('layout=board'))).toEqual({ kind: 'board', group: null });
    expect(displayOf(new URLSearchParams('layout=spreadsheet'))).toBeNull();
    expect(displayOf(new URLSearchParams('sort=amount:asc'))).toBeNull();
  });

  it("writes the display and keeps the view's sort and filters; the grid drops the calendar's month", () => {
    const params = new URLSearchParams(
      'sort=amount:desc&filter%5Bpaid%5D=true&layout=calendar&date=ordered_at&month=2025-06',
    );
    const board = writeDisplay(params, { kind: 'board', group: 'status' });
    expect(board.toString()).toBe(
      'sort=amount%3Adesc&filter%5Bpaid%5D=true&layout=board&group=status',
    );
    expect(writeDisplay(params, null).toString()).toBe('sort=amount%3Adesc&filter%5Bpaid%5D=true');
    const calendar = writeDisplay(params, { kind: 'calendar', date: 'shipped_at' });
    expect(calendar.get('month')).toBe('2025-06');
    expect(calendar.get('date')).toBe('shipped_at');
  });

  it('knows its own parameters', () => {
    expect(['layout', 'group', 'date', 'month', 'week'].every(isDisplayParam)).toBe(true);
    expect(isDisplayParam('sort')).toBe(false);
  });
});

describe('a kept display', () => {
  it('reads what a view of ones own keeps and refuses the rest', () => {
    expect(checkDisplay(undefined)).toBeNull();
    expect(checkDisplay({ kind: 'board', group: 'status' })).toEqual({
      kind: 'board',
      group: 'status',
    });
    expect(checkDisplay({ kind: 'calendar' })).toEqual({ kind: 'calendar', date: null });
    expect(checkDisplay({ kind: 'board', group: 7 })).toBe('invalid');
    expect(checkDisplay({ kind: 'gantt' })).toBe('invalid');
    expect(checkDisplay('board')).toBe('invalid');
  });
});
