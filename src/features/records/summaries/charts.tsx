/**
 * Two small hand-written SVG charts (decision 011: a chart library would outweigh the
 * whole summaries chunk for two shapes). Bars use the current text colour scheme, so they
 * read in light and dark; the numbers are always in a table beside or under the chart.
 */
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/i18n/formats';
import { useT } from '../../../lib/i18n/i18n-react';
import type { HistogramBin, ValueCount } from './column-stats';

const SHARE: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 1 };

/** `count` as a share of `of`, in the language on screen ("25%", "25 %"). */
export function formatShare(count: number, of: number): string {
  return of === 0 ? '—' : formatNumber(count / of, SHARE);
}

/**
 * Value counts as a table whose last cell draws the bar: one element serves sighted users
 * and screen readers, and long labels wrap instead of being cut.
 */
export function BarTable({
  caption,
  values,
  of,
  valueHeader,
  countHeader,
  labelOf = (value) => value,
  renderValue,
}: {
  caption: string;
  values: readonly ValueCount[];
  /** What shares are of: the records summarized. */
  of: number;
  valueHeader: string;
  /** "Records" unless given. */
  countHeader?: string;
  /** A value as shown (a BOOLEAN's `true` as "Yes"); values are shown as they are by default. */
  labelOf?: (value: string) => string;
  /** Draws a value instead of `labelOf`'s text (a REFERENCE id as its record's name). */
  renderValue?: (value: string) => ReactNode;
}) {
  const t = useT();
  const max = Math.max(1, ...values.map((entry) => entry.count));
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left text-xs font-semibold text-slate-600 dark:text-slate-400">
        {caption}
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{valueHeader}</th>
          <th scope="col">{countHeader ?? t('records.summary.records')}</th>
          <th scope="col">{t('records.summary.share')}</th>
          <th scope="col">{t('records.summary.bar')}</th>
        </tr>
      </thead>
      <tbody>
        {values.map((entry) => (
          <tr key={entry.value} className="align-top">
            <th
              scope="row"
              dir="auto"
              translate="no"
              className="max-w-[14rem] pr-2 text-left font-normal [overflow-wrap:anywhere]"
            >
              {renderValue ? renderValue(entry.value) : labelOf(entry.value)}
            </th>
            <td className="pr-2 text-right tabular-nums">{formatNumber(entry.count)}</td>
            <td className="pr-2 text-right text-slate-600 tabular-nums dark:text-slate-400">
              {formatShare(entry.count, of)}
            </td>
            <td className="w-1/4 py-1">
              <svg
                aria-hidden="true"
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                className="h-3 w-full"
              >
                <rect width="100" height="10" className="fill-slate-100 dark:fill-slate-800" />
                <rect
                  width={(entry.count / max) * 100}
                  height="10"
                  className="fill-blue-600 dark:fill-blue-400"
                />
              </svg>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const CHART_WIDTH = 320;
const CHART_HEIGHT = 120;
const AXIS_SPACE = 16;

/**
 * A histogram: one bar per bin, labelled at both ends of the axis; the table under it (for
 * screen readers) lists every bin with its count.
 */
export function Histogram({
  caption,
  bins,
  labelOf,
}: {
  caption: string;
  bins: readonly HistogramBin[];
  /** A bin in words: "0–100", "Mar 2026". */
  labelOf: (bin: HistogramBin) => string;
}) {
  const t = useT();
  if (bins.length === 0) return null;
  const max = Math.max(1, ...bins.map((bin) => bin.count));
  const barWidth = CHART_WIDTH / bins.length;
  const plotHeight = CHART_HEIGHT - AXIS_SPACE;
  const first = bins[0];
  const last = bins[bins.length - 1];
  return (
    <figure className="mt-2">
      <figcaption className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
        {caption}
      </figcaption>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        className="w-full text-slate-600 dark:text-slate-400"
      >
        {bins.map((bin, index) => {
          const height = (bin.count / max) * plotHeight;
          return (
            <rect
              key={bin.start}
              x={index * barWidth + 1}
              y={plotHeight - height}
              width={Math.max(1, barWidth - 2)}
              height={height}
              className="fill-blue-600 dark:fill-blue-400"
            >
              <title>
                {t('records.summary.binTitle', {
                  range: labelOf(bin),
                  count: formatNumber(bin.count),
                })}
              </title>
            </rect>
          );
        })}
        <line x1="0" x2={CHART_WIDTH} y1={plotHeight} y2={plotHeight} className="stroke-current" />
        <text x="0" y={CHART_HEIGHT - 3} fontSize="10" className="fill-current">
          {first ? labelOf(first) : ''}
        </text>
        <text
          x={CHART_WIDTH}
          y={CHART_HEIGHT - 3}
          fontSize="10"
          textAnchor="end"
          className="fill-current"
        >
          {last ? labelOf(last) : ''}
        </text>
      </svg>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('records.summary.range')}</th>
            <th scope="col">{t('records.summary.records')}</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((bin) => (
            <tr key={bin.start}>
              <th scope="row" translate="no">
                {labelOf(bin)}
              </th>
              <td>{formatNumber(bin.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
