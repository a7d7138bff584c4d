import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ALL_READ_SCOPES,
  createKey,
  type RunningProcess,
  startReferenceServer,
} from '../scripts/lib/processes';
import { Prng } from '../server/seed/prng';
import type { Measure } from './lib/results';

/**
 * The server's memory under a mix of queries it has never seen (issue 19): many distinct
 * records queries, each with 1–10 filters on columns chosen at random, so nearly every one
 * is a new statement text and a new set of plan values. It reports the server's resident
 * memory at its peak and after it has been idle a while; both must stay within the budget
 * whatever the queries were. `BENCH_ONLY=memory npm run bench` runs only this row.
 */
const QUERIES = Number(process.env.BENCH_MEMORY_QUERIES ?? 20_000);
const RECORDS = Number(process.env.BENCH_MEMORY_RECORDS ?? 100_000);
const CONCURRENCY = 4;
const IDLE_MS = 10_000;
const BUDGET_MB = 150;
/** The tables with the most columns to combine (docs/demo-data.md). */
const TABLES = ['Survey responses', 'Orders', 'Customers', 'Kitchen sink'];
const FILTERABLE = new Set([
  'TEXT',
  'EMAIL',
  'URL',
  'PHONE',
  'SELECT',
  'MULTISELECT',
  'NUMBER',
  'SERIAL',
  'BOOLEAN',
  'DATETIME',
]);

interface Column {
  name: string;
  type: string;
  settings: { options?: unknown[] } | null;
}

export interface Table {
  id: string;
  columns: Column[];
}

async function getJson<T>(url: string, key: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${response.status} from ${new URL(url).pathname}`);
  return (await response.json()) as T;
}

export async function tablesOf(baseUrl: string, key: string): Promise<Table[]> {
  const { tables } = await getJson<{ tables: Array<{ id: string; name: string }> }>(
    `${baseUrl}/api/public/v1/tables?limit=100`,
    key,
  );
  const chosen: Table[] = [];
  for (const name of TABLES) {
    const table = tables.find((candidate) => candidate.name === name);
    if (table === undefined) throw new Error(`no table named ${name} in the demo seed`);
    const { columns } = await getJson<{ columns: Column[] }>(
      `${baseUrl}/api/public/v1/tables/${table.id}`,
      key,
    );
    chosen.push({ id: table.id, columns: columns.filter((c) => FILTERABLE.has(c.type)) });
  }
  return chosen;
}

function optionOf(option: unknown): string {
  if (typeof option === 'string') return option;
  const record = option as { value?: string; label?: string; name?: string };
  return record.value ?? record.label ?? record.name ?? '';
}

/** A value the column's filter reads; a few are '' (is empty), the rest vary widely. */
function valueFor(column: Column, random: Prng): string {
  if (random.chance(0.05)) return '';
  const options = (column.settings?.options ?? []).map(optionOf);
  switch (column.type) {
    case 'SELECT':
    case 'MULTISELECT':
      return options.length > 0 ? random.pick(options) : `option ${random.int(0, 99)}`;
    case 'NUMBER':
    case 'SERIAL':
      return String(random.int(0, 10_000));
    case 'BOOLEAN':
      return random.chance(0.5) ? 'true' : 'false';
    case 'DATETIME':
      return `202${random.int(4, 6)}-0${random.int(1, 9)}-${String(random.int(10, 28))}`;
    default:
      return `word ${random.int(0, 1_000_000)}`;
  }
}

/** One records URL with 1–10 filters on distinct columns and a sort, all chosen at random. */
export function randomQuery(baseUrl: string, table: Table, random: Prng): string {
  const query = new URLSearchParams();
  const columns = [...table.columns];
  const count = Math.min(columns.length, random.int(1, 10));
  for (let i = 0; i < count; i++) {
    const [column] = columns.splice(random.int(0, columns.length - 1), 1) as [Column];
    query.set(`filter[${column.name}]`, valueFor(column, random));
  }
  const sortColumn = random.pick(table.columns);
  query.set('sort', `${sortColumn.name}:${random.chance(0.5) ? 'asc' : 'desc'}`);
  query.set('limit', String(random.int(1, 100)));
  return `${baseUrl}/api/public/v1/tables/${table.id}/records?${query}`;
}

interface Resident {
  rss: number;
  peak: number;
  /** Of rss: memory the process allocated (not file pages mapped in, like SQLite's mmap). */
  anon: number;
}

/** Resident, peak resident and anonymous memory (KiB) of the process tree's largest member (node). */
function residentKib(rootPid: number | undefined): Resident {
  if (rootPid === undefined || !existsSync('/proc')) {
    return { rss: Number.NaN, peak: Number.NaN, anon: Number.NaN };
  }
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  let best = { rss: 0, peak: 0, anon: 0 };
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const peak = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const anon = Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0);
      if (rss > best.rss) best = { rss, peak, anon };
    } catch {
      // Gone.
    }
    for (const [child, parent] of parents) if (parent === pid) pending.push(child);
  }
  return best;
}

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

export async function runMemoryBenchmark(
  workDir: string,
  log: (line: string) => void,
): Promise<Measure[]> {
  const dbPath = path.join(workDir, 'memory.sqlite');
  log(`memory: seeding ${RECORDS.toLocaleString('en-US')} orders`);
  let server: RunningProcess = await startReferenceServer({ dbPath, records: RECORDS });
  await server.stop();
  const key = createKey({ dbPath, workspace: 'acme', name: 'bench', scopes: ALL_READ_SCOPES });
  server = await startReferenceServer({ dbPath, rateLimitPerMinute: 1_000_000_000 });
  try {
    const pid = server.child.pid;
    const tables = await tablesOf(server.url, key);
    const atStart = residentKib(pid);
    const random = new Prng(19);
    const urls = Array.from({ length: QUERIES }, (_, i) =>
      randomQuery(server.url, tables[i % 4 === 3 ? 1 + (i % 3) : 0] as Table, random),
    );
    log(`memory: ${QUERIES.toLocaleString('en-US')} distinct queries with 1–10 filters`);
    let peakSampled = 0;
    const sampler = setInterval(() => {
      peakSampled = Math.max(peakSampled, residentKib(pid).rss);
    }, 200);
    const started = performance.now();
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < urls.length) {
          const url = urls[next++] as string;
          const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
          await response.arrayBuffer();
          if (response.status !== 200 && failures.length < 5) {
            failures.push(`${response.status} ${decodeURIComponent(new URL(url).search)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const afterRun = residentKib(pid);
    log(`memory: ${seconds.toFixed(0)} s; idle ${IDLE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = residentKib(pid);
    if (failures.length > 0) log(`memory: some queries failed: ${failures.join('; ')}`);
    const peak = Math.max(afterRun.peak, peakSampled);
    const label = `${QUERIES.toLocaleString('en-US')} distinct records queries of 1–10 filters`;
    const note = `RSS at start ${mib(atStart.rss)} MB, right after ${mib(afterRun.rss)} MB, idle ${mib(idle.rss)} MB of which ${mib(idle.anon)} MB allocated (the rest is mapped files: node itself, and the database when SQLite maps it); ${Math.round(QUERIES / seconds)} queries/s at ${CONCURRENCY} at once; ${RECORDS.toLocaleString('en-US')} orders${failures.length > 0 ? '; some answered non-200' : ''}`;
    const row = (name: string, kib: number): Measure => ({
      group: 'server memory',
      name,
      unit: 'MB',
      median: mib(kib),
      min: mib(kib),
      max: mib(kib),
      runs: 1,
      target: { kind: 'max', value: BUDGET_MB, label: `≤ ${BUDGET_MB} MB` },
      peer: null,
      ratio: null,
      note,
    });
    return [
      row(`${label}: peak RSS`, peak),
      row(`${label}: RSS after ${IDLE_MS / 1000} s idle`, idle.rss),
    ];
  } finally {
    await server.stop();
  }
}
