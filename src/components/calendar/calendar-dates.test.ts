import { describe, expect, it } from 'vitest';
import {
  addMonths,
  datedValueOf,
  firstDayOfWeek,
  monthGrid,
  parseDay,
  parseMonth,
  placeOnDays,
  rangeOfDays,
  startOfWeek,
  weekDays,
  weekdayNames,
} from './calendar-dates';

describe('firstDayOfWeek', () => {
  it('starts the week on Sunday in American English and Brazilian Portuguese, Monday in Spanish', () => {
    expect(firstDayOfWeek('en')).toBe(7);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('pt-BR')).toBe(7);
    expect(firstDayOfWeek('es')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
  });

  it('falls back to Monday for a tag Intl cannot read', () => {
    expect(firstDayOfWeek('not a tag!')).toBe(1);
  });
});

describe('months and days in the address', () => {
  it('reads a month and a day, and nothing else', () => {
    expect(parseMonth('2025-06')).toEqual({ year: 2025, month: 6 });
    expect(parseMonth('2025-13')).toBeNull();
    expect(parseMonth('June')).toBeNull();
    expect(parseDay('2025-06-09')?.getDate()).toBe(9);
    expect(parseDay('2025-02-30')).toBeNull();
  });

  it('steps months across years', () => {
    expect(addMonths({ year: 2025, month: 1 }, -1)).toEqual({ year: 2024, month: 12 });
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
  });
});

describe('monthGrid', () => {
  it('lays June 2025 out in whole weeks from Monday: 30 May–6 July less what falls outside', () => {
    const weeks = monthGrid({ year: 2025, month: 6 }, 1);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]?.key).toBe('2025-05-26');
    expect(weeks[0]?.[6]?.key).toBe('2025-06-01');
    expect(weeks[5]?.[6]?.key).toBe('2025-07-06');
    expect(weeks[0]?.[0]?.inMonth).toBe(false);
    expect(weeks[0]?.[6]?.inMonth).toBe(true);
  });

  it('starts each week on Sunday when the language does', () => {
    const weeks = monthGrid({ year: 2025, month: 6 }, 7);
    expect(weeks[0]?.[0]?.key).toBe('2025-06-01');
    expect(weeks).toHaveLength(5);
    expect(weeks.at(-1)?.[6]?.key).toBe('2025-07-05');
  });

  it('gives February 2026 from Sunday exactly four weeks', () => {
    expect(monthGrid({ year: 2026, month: 2 }, 7)).toHaveLength(4);
  });

  it('covers the days shown, from the first midnight to the one after the last day', () => {
    const days = monthGrid({ year: 2025, month: 6 }, 1).flat();
    const range = rangeOfDays(days);
    expect(range.start).toBe(new Date(2025, 4, 26).getTime());
    expect(range.end).toBe(new Date(2025, 6, 7).getTime());
  });
});

describe('weeks', () => {
  it('finds the first day of the week, Monday- or Sunday-first', () => {
    const wednesday = new Date(2025, 5, 11);
    expect(startOfWeek(wednesday, 1).getDate()).toBe(9);
    expect(startOfWeek(wednesday, 7).getDate()).toBe(8);
    expect(startOfWeek(new Date(2025, 5, 8), 1).getDate()).toBe(2);
    expect(weekDays(wednesday, 1).map((day) => day.key)).toEqual([
      '2025-06-09',
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-14',
      '2025-06-15',
    ]);
  });

  it('names the days in the language, from its first day', () => {
    expect(weekdayNames('en', 7)[0]?.long).toBe('Sunday');
    expect(weekdayNames('es', 1)[0]?.long).toBe('lunes');
    expect(weekdayNames('pt-BR', 7)[1]?.long).toBe('segunda-feira');
  });
});

describe('placing values on days', () => {
  it('puts a bare day on that day without a time, and an instant on its local day with one', () => {
    expect(datedValueOf('2025-06-09')).toMatchObject({ day: '2025-06-09', hasTime: false });
    const local = new Date(2025, 5, 9, 23, 30);
    expect(datedValueOf(local.toISOString())).toMatchObject({ day: '2025-06-09', hasTime: true });
    expect(datedValueOf(null)).toBeNull();
    expect(datedValueOf('soon')).toBeNull();
    expect(datedValueOf(20250609)).toBeNull();
  });

  it('groups by day in time order, bare days first, leaving out the undated and the out of range', () => {
    const at = (h: number, day = 9) => new Date(2025, 5, day, h).toISOString();
    const items = [
      { id: 'late', due: at(18) },
      { id: 'none', due: null },
      { id: 'early', due: at(8) },
      { id: 'allday', due: '2025-06-09' },
      { id: 'next', due: at(9, 10) },
      { id: 'outside', due: at(9, 30) },
    ];
    const range = { start: new Date(2025, 5, 9).getTime(), end: new Date(2025, 5, 11).getTime() };
    const placed = placeOnDays(items, (item) => item.due, range);
    expect(placed.get('2025-06-09')?.map((p) => p.item.id)).toEqual(['allday', 'early', 'late']);
    expect(placed.get('2025-06-10')?.map((p) => p.item.id)).toEqual(['next']);
    expect(placed.has('2025-06-30')).toBe(false);
  });
});
