// Room summaries/: one column summarised. Owns the panel (here, loaded on first use through
// lazy-column-summary.tsx), the statistics (column-stats.ts), the charts, the button in a
// column's header and which column is open (use-column-summary.ts).
// May import columns/, lib/, components/.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { RecordReference } from '../../../components/record-reference';
import { SidePanel } from '../../../components/side-panel';
import type { Column, RecordRow } from '../../../lib/api/types';
import { formatDate, formatNumber } from '../../../lib/i18n/formats';
import { type Translate, useT } from '../../../lib/i18n/i18n-react';
import { linkedTableOf } from '../columns/record-cell';
import { BarTable, formatShare, Histogram } from './charts';
import {
  type ColumnSummary,
  type DatePeriod,
  type HistogramBin,
  MAX_TRACKED_LENGTH,
  MAX_TRACKED_VALUES,
  summarizeColumn,
} from './column-stats';

const STAT_NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };
const COUNTED_AT: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const DATE_FORMATS: Record<DatePeriod, Intl.DateTimeFormatOptions> = {
  hour: {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  },
  day: { dateStyle: 'medium', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  year: { year: 'numeric', timeZone: 'UTC' },
};

function statNumber(value: number): string {
  return formatNumber(value, STAT_NUMBER);
}

/** A counted value as shown: a BOOLEAN's `true` and `false` are words of the language. */
function valueLabelOf(t: Translate, column: Column): (value: string) => string {
  if (column.type !== 'BOOLEAN') return (value) => value;
  return (value) =>
    value === 'true' ? t('common.value.yes') : value === 'false' ? t('common.value.no') : value;
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
      <dd translate="no" className="font-semibold tabular-nums">
        {value}
      </dd>
    </div>
  );
}

function EmptyShare({ summary }: { summary: ColumnSummary }) {
  const t = useT();
  return (
    <Stat
      label={t('records.summary.empty')}
      value={t('records.summary.countAndShare', {
        count: formatNumber(summary.empty),
        share: formatShare(summary.empty, summary.records),
      })}
    />
  );
}

/**
 * A REFERENCE column's most common values: each linked record by its name (a link to it;
 * namesakes get a second line, as in the grid), its id shown under it with "Show ids".
 * Counted per linked record, so two customers of one name stay two rows (decision 045).
 */
function ReferenceCounts({
  column,
  values,
  of,
}: {
  column: Column;
  values: readonly { value: string; count: number }[];
  of: number;
}) {
  const t = useT();
  const [showIds, setShowIds] = useState(false);
  const tableId = linkedTableOf(column.settings);
  return (
    <>
      <button
        type="button"
        aria-pressed={showIds}
        onClick={() => setShowIds((shown) => !shown)}
        className="mb-2 h-7 rounded border border-slate-300 bg-white px-2 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {t('records.summary.showIds')}
      </button>
      <BarTable
        caption={t('records.summary.mostCommonLinked')}
        values={values}
        of={of}
        valueHeader={t('records.summary.linkedRecord')}
        renderValue={(id) => (
          <span className="flex min-w-0 flex-col">
            <RecordReference tableId={tableId} value={id} />
            {showIds ? (
              <code className="text-[11px] break-all text-slate-600 dark:text-slate-400">{id}</code>
            ) : null}
          </span>
        )}
      />
    </>
  );
}

function SummaryBody({ summary, column }: { summary: ColumnSummary; column: Column }) {
  const t = useT();
  if (summary.records === 0) return <p>{t('records.summary.noRecords')}</p>;
  switch (summary.kind) {
    case 'counts':
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            <Stat label={t('records.summary.records')} value={formatNumber(summary.records)} />
            <EmptyShare summary={summary} />
          </dl>
          <BarTable
            caption={
              column.type === 'MULTISELECT'
                ? t('records.summary.perValueMulti')
                : t('records.summary.perValue')
            }
            values={summary.values}
            of={summary.records}
            valueHeader={t('records.summary.value')}
            labelOf={valueLabelOf(t, column)}
          />
        </>
      );
    case 'number': {
      const { stats } = summary;
      const label = (bin: HistogramBin) =>
        t('records.summary.binRange', { start: statNumber(bin.start), end: statNumber(bin.end) });
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            {stats ? (
              <>
                <Stat label={t('records.summary.minimum')} value={statNumber(stats.min)} />
                <Stat label={t('records.summary.maximum')} value={statNumber(stats.max)} />
                <Stat label={t('records.summary.mean')} value={statNumber(stats.mean)} />
                <Stat label={t('records.summary.median')} value={statNumber(stats.median)} />
              </>
            ) : null}
            <EmptyShare summary={summary} />
            {summary.unreadable > 0 ? (
              <Stat
                label={t('records.summary.notNumbers')}
                value={formatNumber(summary.unreadable)}
              />
            ) : null}
          </dl>
          <Histogram
            caption={t('records.summary.perRange')}
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
                <Stat
                  label={t('records.summary.earliest')}
                  value={formatDate(summary.range.min, exact)}
                />
                <Stat
                  label={t('records.summary.latest')}
                  value={formatDate(summary.range.max, exact)}
                />
              </>
            ) : null}
            <EmptyShare summary={summary} />
            {summary.unreadable > 0 ? (
              <Stat
                label={t('records.summary.notDates')}
                value={formatNumber(summary.unreadable)}
              />
            ) : null}
          </dl>
          <Histogram
            caption={t('records.summary.perPeriod', { period: summary.period })}
            bins={summary.histogram}
            labelOf={(bin) => formatDate(bin.start, format)}
          />
        </>
      );
    }
    default:
      return (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-2">
            <Stat label={t('records.summary.records')} value={formatNumber(summary.records)} />
            <EmptyShare summary={summary} />
          </dl>
          {summary.top.length > 0 && column.type === 'REFERENCE' ? (
            <ReferenceCounts column={column} values={summary.top} of={summary.records} />
          ) : summary.top.length > 0 ? (
            <BarTable
              caption={t('records.summary.mostCommon')}
              values={summary.top}
              of={summary.records}
              valueHeader={t('records.summary.value')}
            />
          ) : null}
          {summary.capped ? (
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              {t('records.summary.capped', {
                values: formatNumber(MAX_TRACKED_VALUES),
                length: formatNumber(MAX_TRACKED_LENGTH),
              })}
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
  const t = useT();
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
    sourceText = t('records.summary.sourceCounted', {
      count: source.walked.summary.records,
      time: formatDate(source.walked.countedAt, COUNTED_AT),
    });
  } else if (source.loadedIsAll) {
    sourceText = t('records.summary.sourceAll', { count: source.loadedRows.length });
  } else {
    sourceText = t('records.summary.sourceLoaded', { count: source.loadedRows.length });
  }

  return (
    <SidePanel
      kind={t('records.summary.kind')}
      // The column's whole name and its description: a header cuts a long name and says the
      // rest only in a title, which a finger never sees; a tap on the header's summary button does.
      title={<span translate="no">{column.name}</span>}
      subtitle={
        column.description ? (
          <p
            dir="auto"
            translate="no"
            className="mt-0.5 text-xs break-words whitespace-pre-line text-slate-600 dark:text-slate-400"
          >
            {column.description}
          </p>
        ) : null
      }
      closeLabel={t('records.summary.close')}
      onClose={onClose}
      closeRef={closeRef}
      width="sm"
    >
      <section
        className="flex-1 overflow-auto p-3 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a summary taller than the panel scrolls; the keyboard can scroll it only once it takes focus
        tabIndex={0}
        aria-label={t('records.summary.kind')}
      >
        <p className="mb-3 text-slate-700 dark:text-slate-300">{sourceText}</p>
        {summary ? <SummaryBody summary={summary} column={column} /> : null}
      </section>
    </SidePanel>
  );
}
