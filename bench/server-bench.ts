import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ALL_READ_SCOPES,
  createKey,
  type RunningProcess,
  repoRoot,
  startProcess,
  startReferenceServer,
  tsxBinary,
} from '../scripts/lib/processes';
import { measureReplyCompression } from './compression-cost';
import { runLoad } from './lib/load';
import { type Measure, summarize } from './lib/results';

export const bigDatabasePath = (workDir: string) => path.join(workDir, 'big.sqlite');

/** The demo seed's big table (docs/demo-data.md); `--records` sets its size. */
const BIG_TABLE_NAME = process.env.BENCH_TABLE ?? 'Orders';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const BIG = `${MILLION.toLocaleString('en-US')} records`;

interface ColumnInfo {
  name: string;
  type: string;
  settings: { options?: unknown[] } | null;
}

interface QueryShapes {
  tableId: string;
  text: ColumnInfo;
  number: ColumnInfo;
  datetime: ColumnInfo;
  filters: Array<[string, string]>;
}

async function getJson<T>(url: string, key: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${response.status} from ${new URL(url).pathname}`);
  return (await response.json()) as T;
}

function optionValue(option: unknown): string {
  if (typeof option === 'string') return option;
  const record = option as { value?: string; label?: string; name?: string };
  return record.value ?? record.label ?? record.name ?? '';
}

/** Picks one column per sort kind and two equality filters from the table's own columns. */
async function discoverShapes(baseUrl: string, key: string): Promise<QueryShapes> {
  const { tables } = await getJson<{ tables: Array<{ id: string; name: string }> }>(
    `${baseUrl}/api/public/v1/tables?limit=100`,
    key,
  );
  const table = tables.find((candidate) => candidate.name === BIG_TABLE_NAME);
  if (!table) throw new Error(`no table named ${BIG_TABLE_NAME} in the demo seed`);
  const { columns } = await getJson<{ columns: ColumnInfo[] }>(
    `${baseUrl}/api/public/v1/tables/${table.id}`,
    key,
  );
  const ofType = (...types: string[]) => {
    const column = columns.find((candidate) => types.includes(candidate.type));
    if (!column) throw new Error(`${BIG_TABLE_NAME} has no ${types.join('/')} column`);
    return column;
  };
  const select = ofType('SELECT');
  const boolean = ofType('BOOLEAN');
  // A filter pair that matches a third of Orders (docs/demo-data.md), so every page is full:
  // a filter that matches nothing would measure an empty page.
  const options = (select.settings?.options ?? []).map(optionValue);
  const statusValue = options.includes('paid') ? 'paid' : options[0];
  if (statusValue === undefined) throw new Error(`${select.name} lists no options`);
  return {
    tableId: table.id,
    text: ofType('TEXT', 'EMAIL'),
    number: ofType('NUMBER'),
    datetime: ofType('DATETIME'),
    filters: [
      [select.name, statusValue],
      [boolean.name, 'true'],
    ],
  };
}

function recordsUrl(
  baseUrl: string,
  shapes: QueryShapes,
  params: { sort?: string; filters?: boolean; cursor?: string; limit?: number },
): string {
  const query = new URLSearchParams();
  if (params.limit) query.set('limit', String(params.limit));
  if (params.sort) query.set('sort', params.sort);
  if (params.filters) {
    for (const [column, value] of shapes.filters) query.set(`filter[${column}]`, value);
  }
  if (params.cursor) query.set('cursor', params.cursor);
  const search = query.toString();
  return `${baseUrl}/api/public/v1/tables/${shapes.tableId}/records${search ? `?${search}` : ''}`;
}

async function cursorOfPage(baseUrl: string, shapes: QueryShapes, key: string, page: number) {
  let cursor: string | undefined;
  for (let index = 1; index < page; index++) {
    const body = await getJson<{ next_cursor: string | null }>(
      recordsUrl(baseUrl, shapes, { cursor }),
      key,
    );
    if (!body.next_cursor) throw new Error(`the table ends before page ${page}`);
    cursor = body.next_cursor;
  }
  return cursor;
}

interface LoadSummary {
  rps: ReturnType<typeof summarize>;
  p50: ReturnType<typeof summarize>;
  p99: ReturnType<typeof summarize>;
  runs: number;
  failures: number;
  /** Median server CPU time per request (its process tree), when the server was given. */
  cpuMicrosPerRequest: number | null;
}

async function measureLoad(
  url: string,
  headers: Record<string, string>,
  {
    seconds = SECONDS,
    warmUp = true,
    connections = 10,
    timeoutSeconds,
    server,
  }: {
    seconds?: number;
    warmUp?: boolean;
    connections?: number;
    timeoutSeconds?: number;
    server?: RunningProcess;
  } = {},
) {
  // A short warm-up so the first run does not pay for JIT and a cold page cache.
  if (warmUp) await runLoad({ url, headers, seconds: 1, connections });
  const results = [];
  const cpuPerRequest: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = processTreeCpuMs(server?.child.pid);
    const result = await runLoad({ url, headers, seconds, connections, timeoutSeconds });
    const cpu = processTreeCpuMs(server?.child.pid) - cpuBefore;
    if (!Number.isNaN(cpu)) cpuPerRequest.push((cpu * 1000) / Math.max(1, result.total));
    results.push(result);
  }
  const summary: LoadSummary = {
    rps: summarize(results.map((result) => result.requestsPerSecond)),
    p50: summarize(results.map((result) => result.p50Ms)),
    p99: summarize(results.map((result) => result.p99Ms)),
    runs: results.length,
    failures: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
    cpuMicrosPerRequest: cpuPerRequest.length > 0 ? summarize(cpuPerRequest).median : null,
  };
  return summary;
}

function loadMeasures(group: string, label: string, summary: LoadSummary): Measure[] {
  const note = summary.failures > 0 ? `${summary.failures} failed requests` : undefined;
  return [
    {
      group,
      name: `${label}: p99 latency`,
      unit: 'ms',
      ...summary.p99,
      runs: summary.runs,
      target: { kind: 'max', value: 20, label: '≤ 20 ms' },
      peer: null,
      ratio: null,
      note,
    },
    {
      group,
      name: `${label}: p50 latency`,
      unit: 'ms',
      ...summary.p50,
      runs: summary.runs,
      target: null,
      peer: null,
      ratio: null,
    },
    {
      group,
      name: `${label}: requests/s at 10 connections`,
      unit: 'req/s',
      ...summary.rps,
      runs: summary.runs,
      target: { kind: 'min', value: 3000, label: '≥ 3,000 req/s' },
      peer: null,
      ratio: null,
      note:
        summary.cpuMicrosPerRequest === null
          ? undefined
          : `server CPU ${Math.round(summary.cpuMicrosPerRequest)} µs a request; uncompressed: autocannon sends no Accept-Encoding`,
    },
  ];
}

/** NaN rather than Infinity when the peer finished nothing: no ratio can be claimed. */
function ratioOf(ours: number, theirs: number): number {
  return theirs > 0 ? ours / theirs : Number.NaN;
}

async function timeSeeding(dbPath: string, records: number): Promise<number> {
  const started = performance.now();
  const server = await startReferenceServer({ dbPath, records });
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  return seconds;
}

/** Records as json-server wants them: flat objects in one array, per CONTRACT §10's flat shape. */
async function exportForJsonServer(baseUrl: string, shapes: QueryShapes, key: string) {
  const rows: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  do {
    const body = await getJson<{
      records: Array<{ id: string; fields: Record<string, unknown> }>;
      next_cursor: string | null;
    }>(recordsUrl(baseUrl, shapes, { cursor, limit: 500 }), key);
    for (const record of body.records) rows.push({ id: record.id, ...record.fields });
    cursor = body.next_cursor ?? undefined;
  } while (cursor);
  return rows;
}

/** CPU milliseconds used so far by a process and its descendants (tsx runs node as a child). */
function processTreeCpuMs(rootPid: number | undefined): number {
  if (rootPid === undefined || !existsSync('/proc')) return Number.NaN;
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state, ppid, … utime (12th), stime (13th).
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) pending.push(child);
  }
  // Linux reports in clock ticks of 10 ms (USER_HZ = 100).
  return ticks * 10;
}

/**
 * The limit: a bare node:http server answering with the same pre-serialized page body as
 * our sorted + filtered page. The two run side by side and are loaded in turns (ours, then
 * bare, RUNS times), so both see the same load from whatever else runs on the machine;
 * the ratio is the median of the pairs. Each side's CPU time per request (its process tree)
 * goes in the note: it moves much less than requests/s on a busy machine.
 */
async function compareWithBareServer(
  workDir: string,
  log: (line: string) => void,
  ours: RunningProcess,
  url: string,
  headers: Record<string, string>,
): Promise<Measure> {
  log('bare node:http with the same body, in turns with ours');
  const bodyPath = path.join(workDir, 'page.json');
  writeFileSync(bodyPath, await (await fetch(url, { headers })).text());
  const bare = await startProcess(tsxBinary, ['bench/bare-server.ts', bodyPath], /Listening on/);
  try {
    const sides = [
      { url, headers, process: ours },
      { url: bare.url, headers: {}, process: bare },
    ];
    for (const side of sides) {
      await runLoad({ url: side.url, headers: side.headers, seconds: 1, connections: 10 });
    }
    const ratios: number[] = [];
    const rps: [number[], number[]] = [[], []];
    const cpuPerRequest: [number[], number[]] = [[], []];
    for (let run = 0; run < RUNS; run++) {
      const results = [];
      for (const [index, side] of sides.entries()) {
        const cpuBefore = processTreeCpuMs(side.process.child.pid);
        const result = await runLoad({ url: side.url, headers: side.headers, seconds: SECONDS });
        const cpu = processTreeCpuMs(side.process.child.pid) - cpuBefore;
        rps[index as 0 | 1].push(result.requestsPerSecond);
        cpuPerRequest[index as 0 | 1].push((cpu * 1000) / Math.max(1, result.total));
        results.push(result.requestsPerSecond);
      }
      ratios.push(ratioOf(results[0] ?? 0, results[1] ?? 0));
    }
    const summary = summarize(ratios);
    const bareRps = summarize(rps[1]).median;
    const cpu = cpuPerRequest.map((values) => Math.round(summarize(values).median));
    return {
      group: 'server vs limit',
      name: 'sorted + filtered page: our requests/s ÷ bare node:http',
      unit: '×',
      ...summary,
      runs: ratios.length,
      target: { kind: 'min', value: 0.5, label: '≥ 0.5×' },
      peer: { name: 'bare node:http req/s', median: bareRps },
      ratio: summary.median,
      note: `in turns; ours ${Math.round(summarize(rps[0]).median)} req/s; server CPU per request: ours ${cpu[0]} µs, bare ${cpu[1]} µs; uncompressed: no Accept-Encoding`,
    };
  } finally {
    await bare.stop();
  }
}

/** Leaves `<workDir>/big.sqlite` (the seeded 1M-record database) for the dashboard benchmark. */
export async function runServerBenchmarks(
  workDir: string,
  log: (line: string) => void,
  options: {
    /** Only the records pages under load and the bare node:http peer. */
    pagesOnly?: boolean;
    /** An already seeded database with the big table, used instead of seeding one. */
    bigDb?: string;
  } = {},
): Promise<Measure[]> {
  const measures: Measure[] = [];
  {
    const smallDb = path.join(workDir, 'small.sqlite');
    const bigDb = options.bigDb ?? bigDatabasePath(workDir);
    if (!options.pagesOnly) {
      // Seeding: a 100k table and the 1M table, timed from start to listening.
      log('seeding 100,000 records');
      const seed100k = await timeSeeding(smallDb, 100_000);
      if (options.bigDb === undefined) {
        log(`seeding ${MILLION.toLocaleString('en-US')} records`);
        const seedMillion = await timeSeeding(bigDb, MILLION);
        measures.push({
          group: 'server',
          name: `seeding: seconds per 100,000 records (${BIG} seed, incl. start-up)`,
          unit: 's',
          median: (seedMillion / MILLION) * 100_000,
          min: (seedMillion / MILLION) * 100_000,
          max: (seedMillion / MILLION) * 100_000,
          runs: 1,
          target: null,
          peer: null,
          ratio: null,
          note: `100k seed alone, incl. start-up: ${seed100k.toFixed(1)} s`,
        });
      }
    } else if (options.bigDb === undefined) {
      log(`seeding ${MILLION.toLocaleString('en-US')} records (not timed)`);
      await timeSeeding(bigDb, MILLION);
    }

    const key = createKey({
      dbPath: bigDb,
      workspace: 'acme',
      name: 'bench',
      scopes: ALL_READ_SCOPES,
    });
    const headers = { Authorization: `Bearer ${key}` };
    const server = await startReferenceServer({ dbPath: bigDb, rateLimitPerMinute: 1_000_000_000 });
    try {
      const shapes = await discoverShapes(server.url, key);
      const page50Cursor = await cursorOfPage(server.url, shapes, key, 50);
      const scenarios: Array<[string, string]> = [
        [`${BIG}: first page`, recordsUrl(server.url, shapes, {})],
        [`${BIG}: page 50 by cursor`, recordsUrl(server.url, shapes, { cursor: page50Cursor })],
        [
          `${BIG}: sort by ${shapes.text.type} + 2 filters`,
          recordsUrl(server.url, shapes, { sort: `${shapes.text.name}:asc`, filters: true }),
        ],
        [
          `${BIG}: sort by NUMBER + 2 filters`,
          recordsUrl(server.url, shapes, { sort: `${shapes.number.name}:desc`, filters: true }),
        ],
        [
          `${BIG}: sort by DATETIME + 2 filters`,
          recordsUrl(server.url, shapes, { sort: `${shapes.datetime.name}:desc`, filters: true }),
        ],
      ];
      for (const [label, url] of scenarios) {
        log(label);
        const { records } = await getJson<{ records: unknown[] }>(url, key);
        const summary = await measureLoad(url, headers, { server });
        const [p99, ...rest] = loadMeasures('server', label, summary);
        if (p99)
          measures.push(
            {
              ...p99,
              note: [`${records.length} records a page`, p99.note].filter(Boolean).join('; '),
            },
            ...rest,
          );
      }
      log('CPU to compress the first page, as the server does for clients that accept it');
      measures.push(
        await measureReplyCompression(
          recordsUrl(server.url, shapes, { limit: 100 }),
          headers,
          `${BIG}: first page of 100`,
        ),
      );
      const numberScenario = scenarios[3]?.[1] ?? '';
      measures.push(await compareWithBareServer(workDir, log, server, numberScenario, headers));
    } finally {
      await server.stop();
    }

    if (options.pagesOnly) return measures;
    // The peer: json-server 0.17.4 on the same 100,000 records, nearest equivalent queries.
    const smallKey = createKey({
      dbPath: smallDb,
      workspace: 'acme',
      name: 'bench',
      scopes: ALL_READ_SCOPES,
    });
    const smallHeaders = { Authorization: `Bearer ${smallKey}` };
    const small = await startReferenceServer({
      dbPath: smallDb,
      rateLimitPerMinute: 1_000_000_000,
    });
    try {
      const shapes = await discoverShapes(small.url, smallKey);
      log('exporting 100,000 records for json-server');
      const rows = await exportForJsonServer(small.url, shapes, smallKey);
      const jsonServerDb = path.join(workDir, 'json-server-db.json');
      writeFileSync(jsonServerDb, JSON.stringify({ records: rows }));
      // json-server is single-threaded and keeps working through requests queued by a
      // finished run, so each query shape gets a fresh process and no warm-up.
      const startPeer = () =>
        startProcess(
          path.join(repoRoot, 'node_modules/.bin/json-server'),
          // json-server 0.17 has no "pick a free port"; its request log is drained, not read.
          [
            '--port',
            String(30_000 + Math.floor(Math.random() * 20_000)),
            '--host',
            '127.0.0.1',
            jsonServerDb,
          ],
          /Home/,
        );
      const sortName = encodeURIComponent(shapes.number.name);
      const filterQuery = shapes.filters
        .map(([column, value]) => `${encodeURIComponent(column)}=${encodeURIComponent(value)}`)
        .join('&');
      const pairs: Array<[string, string, string]> = [
        [
          '100k records: sorted page of 100',
          recordsUrl(small.url, shapes, { sort: `${shapes.number.name}:asc` }),
          `/records?_sort=${sortName}&_order=asc&_page=1&_limit=100`,
        ],
        [
          '100k records: filtered + sorted page of 100',
          recordsUrl(small.url, shapes, { sort: `${shapes.number.name}:asc`, filters: true }),
          `/records?${filterQuery}&_sort=${sortName}&_order=asc&_page=1&_limit=100`,
        ],
      ];
      for (const [label, ourUrl, peerPath] of pairs) {
        log(`${label}: ours`);
        const ours = await measureLoad(ourUrl, smallHeaders, { server: small });
        log(`${label}: json-server`);
        const peer = await startPeer();
        // json-server needs seconds per request: give it long enough to finish several.
        const theirs = await measureLoad(
          `${peer.url}${peerPath}`,
          {},
          {
            seconds: Math.max(SECONDS, 10),
            warmUp: false,
          },
        ).finally(() => peer.stop());
        if (theirs.rps.median === 0) log('json-server completed no request in its runs');
        measures.push({
          group: 'server vs json-server',
          name: `${label}: our requests/s ÷ json-server's`,
          unit: '×',
          median: ratioOf(ours.rps.median, theirs.rps.median),
          min: ratioOf(ours.rps.min, theirs.rps.max),
          max: ratioOf(ours.rps.max, theirs.rps.min),
          runs: ours.runs,
          target: { kind: 'min', value: 400, label: '≥ 400× json-server' },
          peer: { name: 'json-server 0.17.4 req/s', median: theirs.rps.median },
          ratio: ratioOf(ours.rps.median, theirs.rps.median),
          note: `ours ${Math.round(ours.rps.median)} req/s, p99 ${ours.p99.median} ms; json-server p99 ${Math.round(theirs.p99.median)} ms`,
        });
      }
    } finally {
      await small.stop();
    }
  }
  return measures;
}
