/**
 * Column summaries, computed a page at a time so a walk over a million records keeps only
 * aggregates: counts per value, and for numbers and dates a compact typed array of the
 * values (8 bytes each, for an exact median and histogram), never the records.
 */
import type { Column, RecordRow } from '../../../lib/api/types';
import { isNumericType, selectOptionsOf } from '../columns/column-kinds';

export interface ValueCount {
  value: string;
  count: number;
}

export interface HistogramBin {
  /** Inclusive start; for dates, epoch milliseconds. */
  start: number;
  /** Exclusive end, except for the last bin, which includes the maximum. */
  end: number;
  count: number;
}

interface SummaryBase {
  column: string;
  /** Records looked at. */
  records: number;
  /** Records with no value (null, absent, "" or an empty list). */
  empty: number;
}

export type ColumnSummary =
  | (SummaryBase & {
      kind: 'counts';
      /** Most frequent first; for MULTISELECT a record counts once per value it holds. */
      values: ValueCount[];
    })
  | (SummaryBase & {
      kind: 'number';
      /** Values that are not numbers (a service that sends text in a number column). */
      unreadable: number;
      stats: { min: number; max: number; mean: number; median: number } | null;
      histogram: HistogramBin[];
    })
  | (SummaryBase & {
      kind: 'date';
      unreadable: number;
      range: { min: number; max: number } | null;
      period: DatePeriod;
      histogram: HistogramBin[];
    })
  | (SummaryBase & {
      kind: 'text';
      /** Most frequent first, at most TOP_TEXT_VALUES. */
      top: ValueCount[];
      distinct: number;
      /** True when more distinct values came than are tracked (see MAX_TRACKED_VALUES). */
      capped: boolean;
    });

export type DatePeriod = 'hour' | 'day' | 'month' | 'year';

/** Distinct text values counted per column; later new values are not tracked, but every later occurrence of a tracked one is, so tracked counts stay exact. */
export const MAX_TRACKED_VALUES = 10_000;
/** Longer values are not tracked one by one: they would hold megabytes for counts of 1. */
export const MAX_TRACKED_LENGTH = 200;
export const TOP_TEXT_VALUES = 10;
const HISTOGRAM_BINS = 12;

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const name = (value as { name: unknown }).name;
    if (typeof name === 'string') return name;
  }
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A growable Float64Array: 8 bytes a value instead of a JS number array's boxed slots. */
class NumberList {
  private values = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

function sortedCounts(counts: Map<string, number>): ValueCount[] {
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** 1, 2 or 5 × 10ⁿ: bin widths a person reads at a glance. */
export function niceStep(range: number, bins: number): number {
  if (!(range > 0)) return 1;
  const raw = range / bins;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw);
  return step ?? 10 * magnitude;
}

function medianOf(sorted: Float64Array): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Equal-width bins on nice boundaries covering [min, max]; the last bin includes max. */
export function numberHistogram(sorted: Float64Array): HistogramBin[] {
  if (sorted.length === 0) return [];
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const step = niceStep(max - min, HISTOGRAM_BINS);
  const first = Math.floor(min / step) * step;
  // A maximum on a boundary goes into the bin below it rather than opening a bin of its own.
  const binCount = Math.max(1, Math.ceil((max - first) / step));
  const bins: HistogramBin[] = Array.from({ length: binCount }, (_, index) => ({
    start: first + index * step,
    end: first + (index + 1) * step,
    count: 0,
  }));
  for (const value of sorted) {
    const index = Math.min(binCount - 1, Math.floor((value - first) / step));
    (bins[index] as HistogramBin).count += 1;
  }
  return bins;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function datePeriodFor(rangeMs: number): DatePeriod {
  if (rangeMs <= 2 * DAY) return 'hour';
  if (rangeMs <= 92 * DAY) return 'day';
  if (rangeMs <= 5 * 366 * DAY) return 'month';
  return 'year';
}

/** Start of the UTC period holding `time`, and of the next one. */
export function periodBounds(time: number, period: DatePeriod): [number, number] {
  const date = new Date(time);
  if (period === 'hour') {
    const start = Math.floor(time / HOUR) * HOUR;
    return [start, start + HOUR];
  }
  if (period === 'day') {
    const start = Math.floor(time / DAY) * DAY;
    return [start, start + DAY];
  }
  const year = date.getUTCFullYear();
  if (period === 'month') {
    const month = date.getUTCMonth();
    return [Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1)];
  }
  return [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
}

export function dateHistogram(sorted: Float64Array, period: DatePeriod): HistogramBin[] {
  const bins: HistogramBin[] = [];
  for (const time of sorted) {
    const last = bins[bins.length - 1];
    if (last && time < last.end) {
      last.count += 1;
      continue;
    }
    // Empty periods between two filled ones are drawn too, so gaps show as gaps.
    let [start, end] = periodBounds(last ? last.end : time, period);
    while (end <= time) {
      bins.push({ start, end, count: 0 });
      [start, end] = periodBounds(end, period);
    }
    bins.push({ start, end, count: 1 });
  }
  return bins;
}

interface ColumnAccumulator {
  add(value: unknown): void;
  result(): ColumnSummary;
}

function countsAccumulator(column: Column): ColumnAccumulator {
  const counts = new Map<string, number>();
  // Listed options show even when no record holds them: a zero is an answer too.
  for (const option of selectOptionsOf(column) ?? []) counts.set(option.value, 0);
  if (column.type === 'BOOLEAN') {
    counts.set('true', 0);
    counts.set('false', 0);
  }
  let records = 0;
  let empty = 0;
  const count = (value: unknown) => {
    const key = textOf(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  return {
    add(value) {
      records += 1;
      if (isEmpty(value)) empty += 1;
      else if (Array.isArray(value)) for (const item of new Set(value)) count(item);
      else count(value);
    },
    result: () => ({
      kind: 'counts',
      column: column.name,
      records,
      empty,
      values: sortedCounts(counts),
    }),
  };
}

function numberAccumulator(column: Column): ColumnAccumulator {
  const values = new NumberList();
  let records = 0;
  let empty = 0;
  let unreadable = 0;
  let sum = 0;
  return {
    add(value) {
      records += 1;
      if (isEmpty(value)) empty += 1;
      else if (typeof value === 'number' && Number.isFinite(value)) {
        values.push(value);
        sum += value;
      } else unreadable += 1;
    },
    result() {
      const sorted = values.sorted();
      const stats =
        sorted.length === 0
          ? null
          : {
              min: sorted[0] as number,
              max: sorted[sorted.length - 1] as number,
              mean: sum / sorted.length,
              median: medianOf(sorted),
            };
      return {
        kind: 'number',
        column: column.name,
        records,
        empty,
        unreadable,
        stats,
        histogram: numberHistogram(sorted),
      };
    },
  };
}

function dateAccumulator(column: Column): ColumnAccumulator {
  const times = new NumberList();
  let records = 0;
  let empty = 0;
  let unreadable = 0;
  return {
    add(value) {
      records += 1;
      if (isEmpty(value)) {
        empty += 1;
        return;
      }
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time)) unreadable += 1;
      else times.push(time);
    },
    result() {
      const sorted = times.sorted();
      const range =
        sorted.length === 0
          ? null
          : { min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
      const period = datePeriodFor(range ? range.max - range.min : 0);
      return {
        kind: 'date',
        column: column.name,
        records,
        empty,
        unreadable,
        range,
        period,
        histogram: dateHistogram(sorted, period),
      };
    },
  };
}

function textAccumulator(column: Column): ColumnAccumulator {
  const counts = new Map<string, number>();
  let records = 0;
  let empty = 0;
  let capped = false;
  const count = (text: string) => {
    if (text.length > MAX_TRACKED_LENGTH) {
      capped = true;
      return;
    }
    const known = counts.get(text);
    if (known !== undefined) counts.set(text, known + 1);
    else if (counts.size < MAX_TRACKED_VALUES) counts.set(text, 1);
    else capped = true;
  };
  return {
    add(value) {
      records += 1;
      if (isEmpty(value)) empty += 1;
      else if (Array.isArray(value)) for (const item of value) count(textOf(item));
      else count(textOf(value));
    },
    result: () => ({
      kind: 'text',
      column: column.name,
      records,
      empty,
      top: sortedCounts(counts).slice(0, TOP_TEXT_VALUES),
      distinct: counts.size,
      capped,
    }),
  };
}

export type SummaryKind = ColumnSummary['kind'];

export function summaryKindOf(column: Column): SummaryKind {
  if (column.type === 'SELECT' || column.type === 'MULTISELECT' || column.type === 'BOOLEAN') {
    return 'counts';
  }
  if (isNumericType(column.type)) return 'number';
  if (column.type === 'DATETIME') return 'date';
  return 'text';
}

function accumulatorFor(column: Column): ColumnAccumulator {
  switch (summaryKindOf(column)) {
    case 'counts':
      return countsAccumulator(column);
    case 'number':
      return numberAccumulator(column);
    case 'date':
      return dateAccumulator(column);
    default:
      return textAccumulator(column);
  }
}

export interface SummaryAccumulator {
  add(rows: readonly RecordRow[]): void;
  /** The summaries so far, by column name. */
  summaries(): Map<string, ColumnSummary>;
}

/** Summaries of several columns, fed a page at a time. */
export function createSummaryAccumulator(columns: readonly Column[]): SummaryAccumulator {
  const accumulators = columns.map((column) => [column.name, accumulatorFor(column)] as const);
  return {
    add(rows) {
      for (const row of rows) {
        for (const [name, accumulator] of accumulators) accumulator.add(row.fields[name]);
      }
    },
    summaries: () =>
      new Map(accumulators.map(([name, accumulator]) => [name, accumulator.result()])),
  };
}

export function summarizeColumn(column: Column, rows: readonly RecordRow[]): ColumnSummary {
  const accumulator = accumulatorFor(column);
  for (const row of rows) accumulator.add(row.fields[column.name]);
  return accumulator.result();
}
