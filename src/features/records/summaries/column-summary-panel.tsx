import { useLayoutEffect, useMemo, useRef } from 'react';
import { SidePanel } from '../../../components/side-panel';
import type { Column, RecordRow } from '../../../lib/api/types';
import { BarTable, formatShare, Histogram } from './charts';
import {
  type ColumnSummary,
  type DatePeriod,
  type HistogramBin,
  MAX_TRACKED_LENGTH,
  MAX_TRACKED_VALUES,
  summarizeColumn,
} from './column-stats';

const countFormat = new Intl.NumberFormat();
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const DATE_FORMATS: Record<DatePeriod, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }),
  day: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  year: new Intl.DateTimeFormat(undefined, { year: 'numeric', timeZone: 'UTC' }),
};
const PERIOD_WORDS: Record<DatePeriod, string> = {
  hour: 'hour',
  day: 'day',
  month: 'month',
  year: 'year',
};

function records(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? 'record' : 'records'}`;
}

/** Where the numbers come from: every record of the view, or the rows loaded so far. */
export interface SummarySource {
  /** Summaries of the whole view from a Count or Export walk, when there is a fresh one. */
  walked: { summary: ColumnSummary; countedAt: number } | null;
  loadedRows: readonly RecordRow[];
  /** True when the loaded rows are the whole view (the grid reached the end). */
  loadedIsAll: boolean;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function EmptyShare({ summary }: { summary: ColumnSummary }) {
  return (
    <Stat
      label="Empty"
      value={`${countFormat.format(summary.empty)} (${formatShare(summary.empty, summary.records)})`}
    />
  );
}

function SummaryBody({ summary, column }: { summary: ColumnSummary; column: Column }) {
  if (summary.records === 0) return <p>No records to summarize.</p>;
  switch (summary.kind) {
    case 'counts':
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            <Stat label="Records" value={countFormat.format(summary.records)} />
            <EmptyShare summary={summary} />
          </dl>
          <BarTable
            caption={
              column.type === 'MULTISELECT'
                ? 'Records holding each value (a record may hold several)'
                : 'Records per value'
            }
            values={summary.values}
            of={summary.records}
            valueHeader="Value"
          />
        </>
      );
    case 'number': {
      const { stats } = summary;
      const label = (bin: HistogramBin) =>
        `${numberFormat.format(bin.start)}–${numberFormat.format(bin.end)}`;
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            {stats ? (
              <>
                <Stat label="Minimum" value={numberFormat.format(stats.min)} />
                <Stat label="Maximum" value={numberFormat.format(stats.max)} />
                <Stat label="Mean" value={numberFormat.format(stats.mean)} />
                <Stat label="Median" value={numberFormat.format(stats.median)} />
              </>
            ) : null}
            <EmptyShare summary={summary} />
            {summary.unreadable > 0 ? (
              <Stat label="Not numbers" value={countFormat.format(summary.unreadable)} />
            ) : null}
          </dl>
          <Histogram
            caption="Records per range of values"
            bins={summary.histogram}
            labelOf={label}
          />
        </>
      );
    }
    case 'date': {
      const format = DATE_FORMATS[summary.period];
      const exact = DATE_FORMATS.day;
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            {summary.range ? (
              <>
                <Stat label="Earliest" value={`${exact.format(summary.range.min)}`} />
                <Stat label="Latest" value={`${exact.format(summary.range.max)}`} />
              </>
            ) : null}
            <EmptyShare summary={summary} />
            {summary.unreadable > 0 ? (
              <Stat label="Not dates" value={countFormat.format(summary.unreadable)} />
            ) : null}
          </dl>
          <Histogram
            caption={`Records per ${PERIOD_WORDS[summary.period]} (UTC)`}
            bins={summary.histogram}
            labelOf={(bin) => format.format(bin.start)}
          />
        </>
      );
    }
    default:
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            <Stat label="Records" value={countFormat.format(summary.records)} />
            <EmptyShare summary={summary} />
          </dl>
          {summary.top.length > 0 ? (
            <BarTable
              caption="Most common values"
              values={summary.top}
              of={summary.records}
              valueHeader="Value"
            />
          ) : null}
          {summary.capped ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              Counted among the first {countFormat.format(MAX_TRACKED_VALUES)} distinct values;
              values longer than {MAX_TRACKED_LENGTH} characters are not listed.
            </p>
          ) : null}
        </>
      );
  }
}

/** A column's summary beside the grid; Escape or Close puts focus back on the header. */
export function ColumnSummaryPanel({
  column,
  source,
  onClose,
}: {
  column: Column;
  source: SummarySource;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const loaded = useMemo(
    () => (source.walked ? null : summarizeColumn(column, source.loadedRows)),
    [column, source.walked, source.loadedRows],
  );
  const summary = source.walked?.summary ?? loaded;

  // A layout effect, so a key pressed right after the panel appears reaches it (see RecordPanel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in when another column opens too
  useLayoutEffect(() => {
    closeRef.current?.focus();
  }, [column.name]);

  let sourceText: string;
  if (source.walked) {
    sourceText = `All ${records(source.walked.summary.records)} of this view, counted at ${timeFormat.format(source.walked.countedAt)}.`;
  } else if (source.loadedIsAll) {
    sourceText = `All ${records(source.loadedRows.length)} of this view.`;
  } else {
    sourceText = `The ${records(source.loadedRows.length)} loaded so far. Count or Export the view to summarize every record.`;
  }

  return (
    <SidePanel
      kind="Column summary"
      title={column.name}
      closeLabel="Close summary"
      onClose={onClose}
      closeRef={closeRef}
      width="sm"
    >
      <div className="flex-1 overflow-auto p-3 text-sm">
        <p className="mb-3 text-slate-700 dark:text-slate-300">{sourceText}</p>
        {summary ? <SummaryBody summary={summary} column={column} /> : null}
      </div>
    </SidePanel>
  );
}
