import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ALL_READ_SCOPES,
  createKey,
  repoRoot,
  startProcess,
  startReferenceServer,
} from '../scripts/lib/processes';
import type { Measure } from './lib/results';
import { measureLoad, ratioOf, SECONDS } from './lib/server-load';
import { discoverShapes, exportForJsonServer, recordsUrl } from './lib/table-queries';

/**
 * The peer: json-server 0.17.4 on the same 100,000 records (`smallDb`, seeded by the server
 * benchmark), nearest equivalent queries, our requests/s divided by its.
 */
export async function compareWithJsonServer(
  workDir: string,
  log: (line: string) => void,
  smallDb: string,
): Promise<Measure[]> {
  const measures: Measure[] = [];
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
  return measures;
}
