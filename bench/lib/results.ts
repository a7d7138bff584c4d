import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How a measured value compares with its target; benchmarks report, they never fail. */
export interface Target {
  /** 'max': the value must stay at or under `value`; 'min': at or over it. */
  kind: 'max' | 'min';
  value: number;
  /** Shown in the table, e.g. "≤ 20 ms". */
  label: string;
}

export interface Measure {
  group: string;
  name: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  runs: number;
  target: Target | null;
  /** The same measure for the peer (json-server, bare node:http), when there is one. */
  peer: { name: string; median: number } | null;
  /** Our median divided by the peer's (for requests/s: how many times the peer). */
  ratio: number | null;
  note?: string;
  /**
   * Lighthouse's `benchmarkIndex` of each run behind a Lighthouse figure: how fast the
   * machine was then (its scores depend on it). Shown beside the figure in latest.md too.
   */
  benchmarkIndex?: number[];
  /**
   * How many times the CPU was slowed for this figure (DevTools Protocol CPU throttling):
   * the machine's benchmarkIndex, measured just before, divided by the device class's.
   */
  cpuSlowdown?: number;
}

export function summarize(values: number[]): { median: number; min: number; max: number } {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

export function targetMet(measure: Measure): boolean | null {
  if (!measure.target || Number.isNaN(measure.median)) return null;
  // A ratio target (peer comparisons) is judged on the ratio, everything else on the median.
  const judged = measure.unit === '×' ? (measure.ratio ?? Number.NaN) : measure.median;
  return measure.target.kind === 'max'
    ? judged <= measure.target.value
    : judged >= measure.target.value;
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'n/a';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function writeResults(
  outDir: string,
  measures: Measure[],
  environment: Record<string, string>,
): void {
  mkdirSync(outDir, { recursive: true });
  const json = { generatedAt: new Date().toISOString(), environment, measures };
  writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);

  const lines = [
    '# Benchmark results',
    '',
    `Generated ${json.generatedAt} by \`npm run bench\`.`,
    '',
    ...Object.entries(environment).map(([key, value]) => `- ${key}: ${value}`),
    '',
    '| group | measure | value (median) | min – max | runs | target | met | peer | ratio |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const measure of measures) {
    const met = targetMet(measure);
    const peer = measure.peer ? `${measure.peer.name}: ${formatNumber(measure.peer.median)}` : '';
    const value = `${formatNumber(measure.median)} ${measure.unit}`;
    const note = [
      measure.note,
      measure.benchmarkIndex
        ? `machine benchmarkIndex ${measure.benchmarkIndex.map(Math.round).join('/')}`
        : undefined,
      measure.cpuSlowdown !== undefined ? `CPU slowed ${measure.cpuSlowdown}×` : undefined,
    ]
      .filter(Boolean)
      .join('; ');
    lines.push(
      `| ${measure.group} | ${measure.name}${note ? ` (${note})` : ''} | ${value} | ${formatNumber(measure.min)} – ${formatNumber(measure.max)} | ${measure.runs} | ${measure.target?.label ?? ''} | ${met === null ? '' : met ? 'met' : '**missed**'} | ${peer} | ${measure.ratio === null ? '' : `${formatNumber(measure.ratio)}×`} |`,
    );
  }
  writeFileSync(path.join(outDir, 'latest.md'), `${lines.join('\n')}\n`);
}

/** The last full or partial run's measures, or null when there is none. */
export function readPreviousResults(
  outDir: string,
): { generatedAt: string; measures: Measure[] } | null {
  const file = path.join(outDir, 'latest.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    generatedAt: string;
    measures: Measure[];
  };
  return { generatedAt: json.generatedAt, measures: json.measures };
}

/** Replaces measures of the same group and name in place; new ones go last. */
export function mergeMeasures(previous: Measure[], fresh: Measure[]): Measure[] {
  const keyOf = (measure: Measure) => `${measure.group}\u0000${measure.name}`;
  const freshByKey = new Map(fresh.map((measure) => [keyOf(measure), measure]));
  const merged = previous.map((measure) => freshByKey.get(keyOf(measure)) ?? measure);
  const kept = new Set(previous.map(keyOf));
  return [...merged, ...fresh.filter((measure) => !kept.has(keyOf(measure)))];
}
