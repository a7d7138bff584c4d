import { describe, expect, it } from 'vitest';
import type { Column, ColumnType, RecordRow } from '../../../lib/api/types';
import {
  createSummaryAccumulator,
  dateHistogram,
  MAX_TRACKED_VALUES,
  niceStep,
  numberHistogram,
  summarizeColumn,
} from './column-stats';

function column(name: string, type: ColumnType, settings: Column['settings'] = null): Column {
  return {
    id: name,
    name,
    description: null,
    type,
    settings,
    orderIndex: 0,
    required: false,
    isPrimary: false,
    inferred: false,
  };
}

function rowsOf(name: string, values: unknown[]): RecordRow[] {
  return values.map((value, index) => ({
    id: `r${index}`,
    fields: value === undefined ? {} : { [name]: value },
    createdAt: null,
    updatedAt: null,
  }));
}

describe('value counts (SELECT, MULTISELECT, BOOLEAN)', () => {
  it('counts each value, most frequent first, listing options nobody chose as 0', () => {
    const status = column('status', 'SELECT', { options: ['pending', 'paid', 'refunded'] });
    const summary = summarizeColumn(
      status,
      rowsOf('status', ['paid', 'paid', 'pending', null, undefined]),
    );
    expect(summary).toEqual({
      kind: 'counts',
      column: 'status',
      records: 5,
      empty: 2,
      values: [
        { value: 'paid', count: 2 },
        { value: 'pending', count: 1 },
        { value: 'refunded', count: 0 },
      ],
    });
  });

  it('counts a record once per value it holds (MULTISELECT)', () => {
    const summary = summarizeColumn(
      column('tags', 'MULTISELECT'),
      rowsOf('tags', [['gift', 'fragile'], ['gift'], [], ['gift', 'gift']]),
    );
    expect(summary).toMatchObject({
      empty: 1,
      values: [
        { value: 'gift', count: 3 },
        { value: 'fragile', count: 1 },
      ],
    });
  });

  it('shows true and false even when one never occurs', () => {
    const summary = summarizeColumn(column('paid', 'BOOLEAN'), rowsOf('paid', [true, true]));
    expect(summary).toMatchObject({
      values: [
        { value: 'true', count: 2 },
        { value: 'false', count: 0 },
      ],
    });
  });
});

describe('number summaries', () => {
  it('gives min, max, mean and median, skipping empty and unreadable values', () => {
    const summary = summarizeColumn(
      column('amount', 'NUMBER'),
      rowsOf('amount', [10, 2, null, 7, 'n/a', 1]),
    );
    expect(summary).toMatchObject({
      kind: 'number',
      records: 6,
      empty: 1,
      unreadable: 1,
      stats: { min: 1, max: 10, mean: 5, median: 4.5 },
    });
  });

  it('bins every value exactly once on nice boundaries', () => {
    const values = Array.from({ length: 1_001 }, (_, index) => index / 1.7);
    const summary = summarizeColumn(column('n', 'NUMBER'), rowsOf('n', values));
    if (summary.kind !== 'number') throw new Error(summary.kind);
    expect(summary.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(1_001);
    expect(summary.histogram[0]?.start).toBe(0);
    expect(summary.histogram.at(-1)?.end).toBeGreaterThanOrEqual(1_000 / 1.7);
    expect(niceStep(1000, 12)).toBe(100);
    expect(niceStep(0.9, 12)).toBe(0.1);
  });

  it('has no stats for a column with no numbers', () => {
    expect(summarizeColumn(column('n', 'NUMBER'), rowsOf('n', [null]))).toMatchObject({
      stats: null,
      histogram: [],
    });
  });
});

describe('date summaries', () => {
  it('gives the range and a histogram by a period that fits it, gaps included', () => {
    const summary = summarizeColumn(
      column('when', 'DATETIME'),
      rowsOf('when', [
        '2026-01-01T10:00:00Z',
        '2026-01-01T23:00:00Z',
        '2026-01-04T01:00:00Z',
        'soon',
      ]),
    );
    if (summary.kind !== 'date') throw new Error(summary.kind);
    expect(summary.range).toEqual({
      min: Date.parse('2026-01-01T10:00:00Z'),
      max: Date.parse('2026-01-04T01:00:00Z'),
    });
    expect(summary.unreadable).toBe(1);
    expect(summary.period).toBe('day');
    expect(
      summary.histogram.map((bin) => [new Date(bin.start).toISOString().slice(0, 10), bin.count]),
    ).toEqual([
      ['2026-01-01', 2],
      ['2026-01-02', 0],
      ['2026-01-03', 0],
      ['2026-01-04', 1],
    ]);
  });

  it('buckets by calendar month in UTC', () => {
    const times = ['2025-01-31T23:59:59Z', '2025-02-01T00:00:00Z', '2025-12-01T00:00:00Z'].map(
      Date.parse,
    );
    const bins = dateHistogram(Float64Array.from(times), 'month');
    expect(bins).toHaveLength(12);
    expect(bins[0]?.count).toBe(1);
    expect(bins[1]?.count).toBe(1);
    expect(bins[11]?.count).toBe(1);
  });
});

describe('text summaries', () => {
  it('lists the most common values and counts the empty ones', () => {
    const summary = summarizeColumn(
      column('email', 'EMAIL'),
      rowsOf('email', ['a@x', 'b@x', 'a@x', '', null, 'a@x']),
    );
    expect(summary).toEqual({
      kind: 'text',
      column: 'email',
      records: 6,
      empty: 2,
      top: [
        { value: 'a@x', count: 3 },
        { value: 'b@x', count: 1 },
      ],
      distinct: 2,
      capped: false,
    });
  });

  it('keeps memory bounded: past the tracked limit, counts of tracked values stay exact', () => {
    const values = Array.from({ length: MAX_TRACKED_VALUES + 50 }, (_, index) => `v${index}`);
    values.push('v0', 'v0', 'x'.repeat(10_000));
    const summary = summarizeColumn(column('t', 'TEXT'), rowsOf('t', values));
    expect(summary).toMatchObject({ distinct: MAX_TRACKED_VALUES, capped: true });
    if (summary.kind !== 'text') throw new Error(summary.kind);
    expect(summary.top[0]).toEqual({ value: 'v0', count: 3 });
  });
});

describe('createSummaryAccumulator', () => {
  it('gives the same answer fed page by page as all at once', () => {
    const amount = column('amount', 'NUMBER');
    const rows = rowsOf(
      'amount',
      Array.from({ length: 1_234 }, (_, index) => (index * 37) % 101),
    );
    const accumulator = createSummaryAccumulator([amount]);
    for (let start = 0; start < rows.length; start += 500)
      accumulator.add(rows.slice(start, start + 500));
    expect(accumulator.summaries().get('amount')).toEqual(summarizeColumn(amount, rows));
  });
});

describe('numberHistogram', () => {
  it('puts a maximum that falls on a bin boundary into the last bin', () => {
    const bins = numberHistogram(Float64Array.from([0, 250, 999.99, 1_000]));
    expect(bins).toHaveLength(10);
    expect(bins.at(-1)).toEqual({ start: 900, end: 1_000, count: 2 });
  });

  it('makes one bin when every value is the same', () => {
    expect(numberHistogram(Float64Array.from([5, 5]))).toEqual([{ start: 5, end: 6, count: 2 }]);
  });
});
