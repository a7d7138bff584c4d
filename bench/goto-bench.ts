import os from 'node:os';
import { type PreparedItem, prepareForSearch } from '../src/app/command-palette/goto-match';
import {
  type PaletteGroup,
  type PaletteItem,
  searchPalette,
} from '../src/app/command-palette/palette-search';
import type { EntityKind } from '../src/config/paths';
import { type Measure, summarize } from './lib/results';

/**
 * Go to's keystroke over its largest searchable set, 5 lists × 5,000 items (its bound a
 * kind, src/app/command-palette/goto-lists.ts): the time from a keystroke's text to the
 * ranked matches of every list (searchPalette, the function the palette calls per
 * keystroke), each query typed a character at a time from an empty box (so its first
 * character searches every item; later ones narrow the last matches). Names are prepared
 * once, as the palette does when each page arrives (timed apart, with the first keystroke
 * after the lists arrived), and one untimed round warms the JIT up. Node, one core; the render of at most 30 options
 * is not included.
 */
const ITEMS_PER_KIND = 5_000;
const KINDS: Exclude<EntityKind, 'record'>[] = ['table', 'skill', 'task', 'page', 'project'];
const WORDS = [
  'Triage',
  'inbox',
  'item',
  'Answer',
  'customer',
  'surveys',
  'Refund',
  'requests',
  'São',
  'Paulo',
  'Léa',
  'Okafor',
  'warehouse',
  'move',
  'quarterly',
  'report',
  'Zürich',
  'launch',
  'invoice',
  'reminders',
  'Ærø',
  'support',
  'playbook',
  'shipping',
  'delays',
  'Müller',
];
/** What people type: a name's start, words out of order, accents left out, a near miss. */
const QUERIES = [
  'inbox item 119',
  'surveys answer',
  'sao paulo report',
  'lea okafor',
  'zurich launch 42',
  'quarterly',
  'zzz nothing',
];
const REPEATS = Number(process.env.BENCH_GOTO_REPEATS ?? 5);

function names(kind: string, count: number): PaletteItem[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 2 + (next() % 4) }, () => WORDS[next() % WORDS.length]);
    return {
      ref: { kind, id: `${kind}-${i}` } as PaletteItem['ref'],
      label: `${words.join(' ')} ${i}`,
    };
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

export function runGotoBenchmarks(log: (line: string) => void): Measure[] {
  const groups: PaletteGroup[] = KINDS.map((kind) => ({
    kind,
    label: kind,
    items: names(kind, ITEMS_PER_KIND),
    loading: false,
    unavailable: null,
  }));
  // As Go to's walk does when each page of 200 arrives (goto-lists.ts), in the background.
  const prepareStarted = performance.now();
  for (const group of groups) {
    let prepared: PreparedItem<PaletteItem>[] = [];
    for (let start = 0; start < group.items.length; start += 200) {
      prepared = prepared.concat(prepareForSearch(group.items.slice(start, start + 200)));
    }
    group.prepared = prepared;
  }
  const prepareMs = performance.now() - prepareStarted;
  // The first keystroke after the lists arrived (cold: nothing narrowed, JIT not warm).
  const firstStarted = performance.now();
  searchPalette(groups, 'a');
  const firstMs = performance.now() - firstStarted;

  const keystrokes: number[] = [];
  for (let run = 0; run <= REPEATS; run += 1) {
    for (const query of QUERIES) {
      for (let length = 1; length <= query.length; length += 1) {
        const started = performance.now();
        const results = searchPalette(groups, query.slice(0, length));
        if (run > 0) keystrokes.push(performance.now() - started);
        if (results.length > KINDS.length) throw new Error('more groups than lists');
      }
    }
  }
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const summary = summarize(keystrokes);
  const p95 = percentile(keystrokes, 95);
  log(
    `Go to: ${keystrokes.length} keystrokes over ${KINDS.length} × ${ITEMS_PER_KIND} items: median ${summary.median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (first keystroke after the lists arrived: ${firstMs.toFixed(1)} ms; names prepared as pages arrive: ${prepareMs.toFixed(0)} ms in all; load average ${load})`,
  );
  const row = (name: string, value: number, note: string): Measure => ({
    group: 'go to',
    name,
    unit: 'ms',
    median: value,
    min: summary.min,
    max: summary.max,
    runs: keystrokes.length,
    target: { kind: 'max', value: 50, label: '≤ 50 ms' },
    peer: null,
    ratio: null,
    note,
  });
  return [
    row(
      'keystroke → results, 5 × 5,000 items, median',
      summary.median,
      `Node, matcher only; load average ${load}`,
    ),
    row(
      'keystroke → results, 5 × 5,000 items, p95',
      p95,
      `Node, matcher only; a query's first keystroke searches all 25,000; first after the lists arrived ${firstMs.toFixed(1)} ms`,
    ),
  ];
}
