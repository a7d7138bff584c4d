import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { FindStore } from '../src/features/records/find/matcher/find-store';
import type { FindPlan } from '../src/features/records/find/matcher/record-text';
import type { RecordRow } from '../src/lib/api/types';
import { type Measure, summarize } from './lib/results';

/**
 * Find in a table's matcher (src/features/records/find/, decision 057) in Node, one core:
 * what the find worker does. Orders shaped like the demo's (ten columns: a serial, a
 * status, money in euro, a date, yes/no, tags, a linked customer's name, notes, an
 * e-mail, a web address), in Portuguese formats.
 *
 * - keystroke over 5,000 loaded rows: the store holds the grid's 5,000 rows; each query is
 *   typed a character at a time from an empty box (its first character searches all of
 *   them, later ones narrow), the time from the text to the store's answer. The page's
 *   repaint and the worker's messages are not in it.
 * - whole view: 100,000 orders added 500 a page, as the walk hands them over (formatting
 *   and comparing every value): the worker's share of searching the whole view; the
 *   service's pages are not in it.
 *
 * Run alone: `node_modules/.bin/tsx bench/find-bench.ts`; `runFindBenchmarks` returns the
 * rows for bench/run.ts.
 */
const LOADED_ROWS = 5_000;
const VIEW_ROWS = 100_000;
const PAGE = 500;
const QUERIES = ['haddad', 'lea okafor', 'fragile gift', '1.234,5', 'sim reembolsado', 'zzz'];
const REPEATS = Number(process.env.BENCH_FIND_REPEATS ?? 3);

const PLAN: FindPlan = {
  locale: 'pt-BR',
  yes: 'sim',
  no: 'não',
  columns: [
    { name: 'order_no', type: 'SERIAL', currency: null, optionLabels: null },
    { name: 'status', type: 'SELECT', currency: null, optionLabels: null },
    { name: 'amount', type: 'NUMBER', currency: 'EUR', optionLabels: null },
    { name: 'ordered_at', type: 'DATETIME', currency: null, optionLabels: null },
    { name: 'paid', type: 'BOOLEAN', currency: null, optionLabels: null },
    { name: 'tags', type: 'MULTISELECT', currency: null, optionLabels: null },
    { name: 'customer', type: 'REFERENCE', currency: null, optionLabels: null },
    { name: 'notes', type: 'LONGTEXT', currency: null, optionLabels: null },
    { name: 'email', type: 'EMAIL', currency: null, optionLabels: null },
    { name: 'website', type: 'URL', currency: null, optionLabels: null },
  ],
};
const FIRST = ['Ada', 'Bruno', 'Léa', 'Júlia', 'Tomás', 'Zoë', 'émile', 'Nour'];
const LAST = ['Haddad', 'Okafor', 'García', 'Müller', 'van Dijk', "O'Brien", 'Ünal'];
const TAGS = ['gift', 'priority', 'wholesale', 'repeat', 'fragile'];
const STATUSES = ['pending', 'paid', 'shipped', 'refunded', 'cancelled'];
const WORDS = ['quick', 'follow-up', 'invoice', 'late', 'café', 'über', 'fragile', 'Größe'];

function orders(count: number): { rows: RecordRow[]; names: Map<string, string> } {
  let seed = 11;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  const names = new Map<string, string>();
  for (let c = 0; c < 300; c += 1) {
    names.set(`customer-${c}`, `${FIRST[next() % FIRST.length]} ${LAST[next() % LAST.length]}`);
  }
  const rows = Array.from({ length: count }, (_, i): RecordRow => {
    const customer = next() % 300;
    return {
      id: `order-${i}`,
      createdAt: null,
      updatedAt: null,
      fields: {
        order_no: i + 1,
        status: STATUSES[next() % STATUSES.length],
        amount: (next() % 100_000) / 100,
        ordered_at: new Date(Date.UTC(2025, 0, 1) + (next() % 525_600) * 60_000).toISOString(),
        paid: next() % 2 === 0,
        tags: TAGS.filter(() => next() % 3 === 0),
        customer: `customer-${customer}`,
        notes:
          next() % 3 === 0
            ? Array.from({ length: 3 + (next() % 8) }, () => WORDS[next() % WORDS.length]).join(' ')
            : null,
        email: `buyer${customer}@example.com`,
        website: next() % 2 === 0 ? `https://shop${customer}.example.net` : null,
      },
    };
  });
  return { rows, names };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

export function runFindBenchmarks(log: (line: string) => void): Measure[] {
  const { rows, names } = orders(VIEW_ROWS);

  const keystrokes: number[] = [];
  for (let run = 0; run <= REPEATS; run += 1) {
    for (const query of QUERIES) {
      const store = new FindStore(PLAN);
      store.addPage(rows.slice(0, LOADED_ROWS), names);
      for (let length = 1; length <= query.length; length += 1) {
        const started = performance.now();
        store.setQuery(query.slice(0, length));
        if (run > 0) keystrokes.push(performance.now() - started);
      }
    }
  }

  const walks: number[] = [];
  let pageWorst = 0;
  for (let run = 0; run < REPEATS; run += 1) {
    const store = new FindStore(PLAN);
    store.setQuery('haddad');
    const started = performance.now();
    for (let start = 0; start < rows.length; start += PAGE) {
      const pageStarted = performance.now();
      store.addPage(rows.slice(start, start + PAGE), names);
      pageWorst = Math.max(pageWorst, performance.now() - pageStarted);
    }
    walks.push(performance.now() - started);
  }

  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const keys = summarize(keystrokes);
  const p95 = percentile(keystrokes, 95);
  const walk = summarize(walks);
  log(
    `Find: ${keystrokes.length} keystrokes over ${LOADED_ROWS.toLocaleString('en-US')} loaded rows: median ${keys.median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, slowest ${keys.max.toFixed(1)} ms; ${VIEW_ROWS.toLocaleString('en-US')} orders searched in ${walk.median.toFixed(0)} ms (median of ${walks.length}; slowest page of ${PAGE} ${pageWorst.toFixed(1)} ms); load average ${load}`,
  );
  const note = `Node, one core, the worker's store only; load average ${load}`;
  return [
    {
      group: 'find',
      name: `keystroke → matches, ${LOADED_ROWS.toLocaleString('en-US')} rows loaded, the matcher alone (Node), p95`,
      unit: 'ms',
      median: p95,
      min: keys.min,
      max: keys.max,
      runs: keystrokes.length,
      target: { kind: 'max', value: 50, label: '≤ 50 ms' },
      peer: null,
      ratio: null,
      note,
    },
    {
      group: 'find',
      name: `${VIEW_ROWS.toLocaleString('en-US')} orders formatted and matched (no paging)`,
      unit: 'ms',
      median: walk.median,
      min: walk.min,
      max: walk.max,
      runs: walks.length,
      target: { kind: 'max', value: 5_000, label: '≤ 5 s (with paging)' },
      peer: null,
      ratio: null,
      note: `${note}; slowest page of ${PAGE}: ${pageWorst.toFixed(1)} ms`,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFindBenchmarks((line) => console.log(line));
}
