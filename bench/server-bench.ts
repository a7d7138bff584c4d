import path from 'node:path';
import { ALL_READ_SCOPES, createKey, startReferenceServer } from '../scripts/lib/processes';
import { measureReplyCompression } from './compression-cost';
import { compareWithJsonServer } from './json-server-peer';
import type { Measure } from './lib/results';
import { compareWithBareServer, loadMeasures, measureLoad } from './lib/server-load';
import { cursorOfPage, discoverShapes, getJson, recordsUrl } from './lib/table-queries';

export const bigDatabasePath = (workDir: string) => path.join(workDir, 'big.sqlite');

const MILLION = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const BIG = `${MILLION.toLocaleString('en-US')} records`;

async function timeSeeding(dbPath: string, records: number): Promise<number> {
  const started = performance.now();
  const server = await startReferenceServer({ dbPath, records });
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  return seconds;
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
    measures.push(...(await compareWithJsonServer(workDir, log, smallDb)));
  }
  return measures;
}
