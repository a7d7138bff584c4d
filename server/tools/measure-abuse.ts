import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { TABLE_IDS } from '../seed/demo-seed';

/**
 * The issue 8 abuse run, as figures: read latency while another process holds the write
 * lock, and the server's RSS after made-up keys, distinct 8 kB filter values, and
 * clients that pipeline pages without reading. Starts its own server on a fresh file.
 *
 *   node_modules/.bin/tsx server/tools/measure-abuse.ts [made-up key requests, default 200000]
 */
const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const madeUpRequests = Number(process.argv[2] ?? 200_000);

const dir = await mkdtemp(join(tmpdir(), 'wds-abuse-'));
const db = join(dir, 'abuse.sqlite');
const key = execFileSync(
  TSX,
  [
    'server/keys.ts',
    'create',
    '--db',
    db,
    '--workspace',
    'acme',
    '--name',
    'abuse',
    '--scopes',
    'tables:read',
    '--records',
    '20000',
  ],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
)
  .trim()
  .split('\n')
  .at(-1) as string;

// Failed auth is limited per address; lift it so the made-up keys reach the key cache.
const server = spawn(
  TSX,
  ['server/main.ts', '--port', '0', '--db', db, '--quiet', '--rate-limit', '1000000000'],
  { env: { ...process.env, AUTH_FAILURE_LIMIT: '1000000000' } },
);
const base = await new Promise<string>((resolve) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /Listening on (\S+)/.exec(out);
    if (match?.[1]) resolve(match[1]);
  });
});
// tsx runs the server as a child of its own process: find the node process that listens.
const serverPid = Number(
  execFileSync('pgrep', ['-P', String(server.pid), '-n'], { encoding: 'utf8' }).trim(),
);
const rssMb = () => {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const auth = { Authorization: `Bearer ${key}` };
const records = `${base}/api/public/v1/tables/${TABLE_IDS.kitchenSink}/records`;

async function latencies(paths: string[]): Promise<{ p50: number; max: number; statuses: string }> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(path, { headers: auth });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  return {
    p50: Math.round((times[Math.floor(times.length / 2)] ?? 0) * 10) / 10,
    max: Math.round((times.at(-1) ?? 0) * 10) / 10,
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

// Reads that used to write: a first page sorted by a 10 kB text (cursor on a long key),
// then the next page, and a plain list.
async function readRound(): Promise<string[]> {
  const first = (await (
    await fetch(`${records}?sort=${encodeURIComponent('Long text:desc')}&limit=1`, {
      headers: auth,
    })
  ).json()) as { next_cursor: string };
  return [
    `${records}?sort=${encodeURIComponent('Long text:desc')}&limit=1`,
    `${records}?sort=${encodeURIComponent('Long text:desc')}&limit=1&cursor=${encodeURIComponent(first.next_cursor)}`,
    `${base}/api/public/v1/tables`,
  ];
}
const round = await readRound();
const paths = Array.from({ length: 100 }, () => round).flat();
const results: Record<string, unknown> = {};
results.reads_unlocked_ms = await latencies(paths);
const holder = new BetterSqlite3(db);
holder.exec('BEGIN IMMEDIATE');
holder.prepare("UPDATE meta SET value = value WHERE key = 'cursor_secret'").run();
results.reads_while_other_process_holds_write_lock_ms = await latencies(paths);
holder.exec('ROLLBACK');
holder.close();

/** `count` requests from `workers` concurrent loops; `pathOf(i)` and headers per request. */
async function hammer(
  count: number,
  workers: number,
  requestOf: (i: number) => { url: string; headers: Record<string, string> },
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const { url, headers } = requestOf(next++);
        await (await fetch(url, { headers })).arrayBuffer();
      }
    }),
  );
}

results.rss_start_mb = rssMb();
// In four steps: a bounded cache shows as RSS that stops growing, not as a small total.
const steps = 4;
const made: Record<string, number> = {};
for (let step = 1; step <= steps; step++) {
  const offset = ((step - 1) * madeUpRequests) / steps;
  await hammer(madeUpRequests / steps, 20, (i) => ({
    url: `${base}/api/public/v1/tables`,
    headers: {
      Authorization: `Bearer svc_live_${(offset + i).toString(16).padStart(48, '0')}`,
    },
  }));
  made[String((step * madeUpRequests) / steps)] = rssMb();
}
results.rss_mb_after_n_made_up_keys = made;

await hammer(15_000, 20, (i) => ({
  url: `${records}?filter[Choices]=${i}-${'v'.repeat(8 * 1024)}`,
  headers: auth,
}));
results.rss_after_15000_distinct_8kB_filter_values_mb = rssMb();

// 100 connections that pipeline 20 pages of 500 Orders each and never read.
const orders = `/api/public/v1/tables/${TABLE_IDS.orders}/records?limit=500`;
const port = Number(new URL(base).port);
const sockets = Array.from({ length: 100 }, () => {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.write(
    `GET ${orders} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`.repeat(20),
  );
  return socket;
});
await new Promise((resolve) => setTimeout(resolve, 5000));
results.rss_with_100_pipelining_clients_not_reading_mb = rssMb();
for (const socket of sockets) socket.destroy();

server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
