/**
 * Measures records pages in-process on an existing database (no HTTP socket), for the
 * sorts and filter pairs a grid sends (first page, then ten pages further by cursor).
 *   node_modules/.bin/tsx server/tools/measure-queries.ts <db file> <key> [repeats]
 */
import { createApp } from '../app';
import { defaultServerConfig } from '../config';
import { WorkspaceDb } from '../db/workspace-db';
import { TABLE_IDS } from '../seed/demo-seed';

const [file, key, repeatsText] = process.argv.slice(2);
if (!file || !key) {
  console.error('usage: measure-queries.ts <db file> <key> [repeats]');
  process.exit(2);
}
const repeats = Number(repeatsText ?? 50);
const db = new WorkspaceDb(file);
const app = createApp({
  db,
  config: defaultServerConfig({ rateLimitBurst: 1e9, rateLimitPerMinute: 1e9 }),
});

const QUERIES = [
  '',
  // The shapes bench/server-bench.ts sends (its filters match no record: pending orders are unpaid).
  'sort=email:asc&filter[status]=pending&filter[paid]=true',
  'sort=amount:desc&filter[status]=pending&filter[paid]=true',
  'sort=ordered_at:desc&filter[status]=pending&filter[paid]=true',
  'sort=email:desc&filter[status]=pending&filter[paid]=false',
  'sort=amount:desc',
  'sort=notes:asc',
  'sort=amount:desc&filter[status]=paid&filter[paid]=true',
  'sort=ordered_at:desc&filter[status]=refunded&filter[tags]=gift',
  'sort=notes:desc&filter[status]=cancelled&filter[website]=',
  'sort=email:asc&filter[tags]=fragile&filter[tags]=x'.replace(
    '&filter[tags]=x',
    '&filter[paid]=false',
  ),
  'sort=customer:asc&filter[email]=buyer7@example.com&filter[paid]=true',
  'sort=updated_at:desc&filter[customer]=00000000-0000-4000-8000-000000000000&filter[status]=paid',
  'sort=amount:asc&filter[amount]=&filter[status]=pending',
  'sort=order_no:desc&filter[ordered_at]=2025-06-01&filter[status]=shipped',
  'limit=500&sort=website:desc&filter[status]=paid&filter[tags]=wholesale',
];

async function timeOf(query: string): Promise<{ first: number[]; deep: number[]; count: number }> {
  const url = (q: string) => `/api/public/v1/tables/${TABLE_IDS.orders}/records?${q}`;
  const headers = { Authorization: `Bearer ${key}` };
  const first: number[] = [];
  const deep: number[] = [];
  let count = 0;
  let cursor: string | null = null;
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    const response = await app.request(url(query), { headers });
    const body = (await response.json()) as { records: unknown[]; next_cursor: string | null };
    first.push(performance.now() - started);
    if (response.status !== 200)
      throw new Error(`${query}: ${response.status} ${JSON.stringify(body)}`);
    count = body.records.length;
    cursor = body.next_cursor;
  }
  // Ten pages further in, following cursors.
  for (let i = 0; i < Math.min(repeats, 10) && cursor !== null; i++) {
    const started = performance.now();
    const response = await app.request(url(`${query}&cursor=${encodeURIComponent(cursor)}`), {
      headers,
    });
    const body = (await response.json()) as { next_cursor: string | null };
    deep.push(performance.now() - started);
    cursor = body.next_cursor;
  }
  return { first, deep, count };
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

for (const query of QUERIES) {
  const { first, deep, count } = await timeOf(query);
  console.log(
    `${(query || '(default)').padEnd(80)} rows=${String(count).padStart(3)} p50=${p(first, 0.5).toFixed(2)}ms p99=${p(first, 0.99).toFixed(2)}ms next-pages p50=${p(deep, 0.5).toFixed(2)}ms max=${Math.max(...deep, 0).toFixed(2)}ms`,
  );
}

db.close();
