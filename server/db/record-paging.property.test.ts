import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { defaultServerConfig } from '../config';
import type { AppEnv } from '../http/context';
import { Prng } from '../seed/prng';
import { createApiKey } from './api-keys';
import type { ColumnType } from './column-types';
import { stableUuid } from './ids';
import { initializeWorkspaceDb } from './initialize';
import { createTableViews } from './table-views';
import { createUserTable, insertRecords, type TableInfo, updateRecord } from './user-tables';
import { WorkspaceDb } from './workspace-db';

/**
 * The paging guarantee of §4, checked against an in-memory reference of the sort and
 * filter rules: for random sorts, filters and limits, following next_cursor yields the
 * matching records once each and in order, also while records change between pages.
 */
const WORKSPACE_ID = stableUuid('workspace:property');
let dir: string;
let db: WorkspaceDb;
let app: Hono<AppEnv>;
let key: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wds-prop-'));
  db = new WorkspaceDb(join(dir, 'prop.sqlite'));
  initializeWorkspaceDb(db, (fresh) => {
    fresh.sqlite
      .prepare("INSERT INTO workspaces (id, slug, name) VALUES (?, 'prop', 'Prop')")
      .run(WORKSPACE_ID);
  });
  app = createApp({ db, config: defaultServerConfig({ rateLimitBurst: 10_000_000 }) });
  key = createApiKey(db, { workspaceId: WORKSPACE_ID, name: 'prop', scopes: ['tables:read'] });
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const COLUMNS: { name: string; type: ColumnType }[] = [
  { name: 'text', type: 'TEXT' },
  { name: 'num', type: 'NUMBER' },
  { name: 'flag', type: 'BOOLEAN' },
  { name: 'when', type: 'DATETIME' },
  { name: 'choice', type: 'SELECT' },
  { name: 'tags', type: 'MULTISELECT' },
];
const TEXTS = [
  'apple',
  'Apple',
  'APPLE',
  'banana',
  'Banana',
  'b',
  'B',
  '',
  'é',
  'É',
  'zebra',
  'ß',
  '😀',
  'a b',
  'ａ',
  null,
];
const NUMBERS = [-5, -1.5, 0, 1, 2, 10, 100, 1e6, null];
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];
const CHOICES = ['red', 'Red', 'green', 'blue', null];
const TAGS = ['x', 'y', 'z'];

type Fields = Record<string, unknown>;
interface Row {
  id: string;
  fields: Fields;
  createdAt: string;
  updatedAt: string;
}

function randomFields(prng: Prng): Fields {
  const fields: Fields = {
    text: prng.pick(TEXTS),
    num: prng.pick(NUMBERS),
    flag: prng.pick([true, false, null]),
    when: prng.chance(0.15)
      ? null
      : `${prng.pick(DAYS)}T${String(prng.int(0, 23)).padStart(2, '0')}:00:00.000Z`,
    choice: prng.pick(CHOICES),
    tags: prng.chance(0.15) ? null : prng.subset(TAGS, 0.4),
  };
  if (prng.chance(0.1)) delete fields.text;
  return fields;
}

let tableCounter = 0;
function makeTable(
  seed: number,
  count: number,
): { table: TableInfo; rows: Map<string, Row>; prng: Prng } {
  const prng = new Prng(seed);
  tableCounter += 1;
  const table = createUserTable(db, {
    workspaceId: WORKSPACE_ID,
    name: `prop ${tableCounter}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    columns: COLUMNS,
  });
  const rows = new Map<string, Row>();
  const inputs = Array.from({ length: count }, () => {
    const at = new Date(Date.UTC(2026, 0, 1) + prng.int(0, 20) * 60_000).toISOString();
    return { id: prng.uuid(), fields: randomFields(prng), createdAt: at, updatedAt: at };
  });
  insertRecords(db, table, inputs);
  for (const input of inputs) rows.set(input.id, input);
  return { table, rows, prng };
}

// --- The reference: §4 written out directly, independent of the SQL keys. ---

const utf8 = (s: string) => Buffer.from(s, 'utf8');
function compareText(a: string, b: string): number {
  return (
    Buffer.compare(utf8(a.toLowerCase()), utf8(b.toLowerCase())) || Buffer.compare(utf8(a), utf8(b))
  );
}

function sortValue(row: Row, target: string): unknown {
  if (target === 'created_at') return row.createdAt;
  if (target === 'updated_at') return row.updatedAt;
  const value = row.fields[target] ?? null;
  if (target === 'tags') return Array.isArray(value) ? value.join(', ') : null;
  return value;
}

function compareValues(target: string, a: unknown, b: unknown): number {
  if (target === 'when' || target === 'created_at' || target === 'updated_at') {
    return Date.parse(String(a)) - Date.parse(String(b));
  }
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareText(String(a), String(b));
}

function referenceOrder(rows: Row[], target: string, direction: 'asc' | 'desc'): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  const values = rows.filter((r) => sortValue(r, target) !== null);
  const nulls = rows.filter((r) => sortValue(r, target) === null);
  values.sort(
    (a, b) =>
      sign * compareValues(target, sortValue(a, target), sortValue(b, target)) || byId(a, b),
  );
  nulls.sort(byId);
  return [...values, ...nulls];
}

function matches(row: Row, column: string, raw: string): boolean {
  const value = row.fields[column] ?? null;
  if (raw === '')
    return value === null || value === '' || (Array.isArray(value) && value.length === 0);
  switch (column) {
    case 'num':
      return value === Number(raw);
    case 'flag':
      return value === (raw.toLowerCase() === 'true');
    case 'when':
      return typeof value === 'string' && value.startsWith(raw);
    case 'tags':
      return Array.isArray(value) && value.includes(raw);
    default:
      return value === raw;
  }
}

// --- Generators ---

const filterValue: Record<string, fc.Arbitrary<string>> = {
  text: fc.constantFrom(...TEXTS.map((t) => t ?? '')),
  num: fc.constantFrom('-5', '-1.5', '0', '1', '2.0', '100', '1e6', '7', ''),
  flag: fc.constantFrom('true', 'false', ''),
  when: fc.constantFrom(...DAYS, '2026-04-01', ''),
  choice: fc.constantFrom('red', 'Red', 'green', 'blue', 'nope', ''),
  tags: fc.constantFrom(...TAGS, 'w', ''),
};

const queryArbitrary = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  sortTarget: fc.constantFrom(...COLUMNS.map((c) => c.name), 'created_at', 'updated_at'),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
  filters: fc
    .uniqueArray(fc.constantFrom(...COLUMNS.map((c) => c.name)), { maxLength: 2 })
    .chain((names) =>
      fc
        .tuple(...names.map((name) => filterValue[name] as fc.Arbitrary<string>))
        .map((values) => names.map((name, i) => [name, values[i] ?? ''] as const)),
    ),
  limit: fc.integer({ min: 1, max: 40 }),
});

async function fetchPage(
  tableId: string,
  params: URLSearchParams,
): Promise<{ records: { id: string }[]; next_cursor: string | null }> {
  const response = await app.request(`/api/public/v1/tables/${tableId}/records?${params}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { records: { id: string }[]; next_cursor: string | null };
}

type PropertyQuery = typeof queryArbitrary extends fc.Arbitrary<infer T> ? T : never;

function baseParams(query: PropertyQuery): URLSearchParams {
  const params = new URLSearchParams({
    sort: `${query.sortTarget}:${query.direction}`,
    limit: String(query.limit),
  });
  for (const [name, value] of query.filters) params.append(`filter[${name}]`, value);
  return params;
}

describe('§4 paging guarantee (property)', () => {
  it('following next_cursor yields exactly the matching records, once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        const { table, rows } = makeTable(query.seed, 150);
        const expected = referenceOrder(
          [...rows.values()].filter((row) =>
            query.filters.every(([name, value]) => matches(row, name, value)),
          ),
          query.sortTarget,
          query.direction,
        ).map((r) => r.id);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const params = baseParams(query);
          if (cursor !== null) params.set('cursor', cursor);
          const body = await fetchPage(table.id, params);
          if (body.next_cursor !== null) expect(body.records).toHaveLength(query.limit);
          seen.push(...body.records.map((r) => r.id));
          cursor = body.next_cursor;
        } while (cursor !== null);
        expect(seen).toEqual(expected);
      }),
      { numRuns: 60, seed: 20260105 },
    );
  });

  it('still holds while records are inserted and updated between pages', async () => {
    await fc.assert(
      fc.asyncProperty(queryArbitrary, async (query) => {
        const { table, rows, prng } = makeTable(query.seed, 120);
        const touched = new Set<string>();
        const seen: string[] = [];
        let cursor: string | null = null;
        let clock = Date.UTC(2026, 1, 1);
        do {
          const params = baseParams(query);
          if (cursor !== null) params.set('cursor', cursor);
          const body = await fetchPage(table.id, params);
          seen.push(...body.records.map((r) => r.id));
          cursor = body.next_cursor;
          // Between pages: one insert and one update anywhere in the order.
          clock += 60_000;
          const at = new Date(clock).toISOString();
          const inserted = {
            id: prng.uuid(),
            fields: randomFields(prng),
            createdAt: at,
            updatedAt: at,
          };
          insertRecords(db, table, [inserted]);
          rows.set(inserted.id, inserted);
          touched.add(inserted.id);
          const victim = prng.pick([...rows.keys()]);
          const fields = randomFields(prng);
          updateRecord(db, table, victim, fields, at);
          const old = rows.get(victim);
          if (old) rows.set(victim, { ...old, fields, updatedAt: at });
          touched.add(victim);
        } while (cursor !== null);

        const stable = referenceOrder(
          [...rows.values()].filter(
            (row) => !touched.has(row.id) && query.filters.every(([n, v]) => matches(row, n, v)),
          ),
          query.sortTarget,
          query.direction,
        ).map((r) => r.id);
        // Untouched matching records: each exactly once, in reference order.
        const seenStable = seen.filter((id) => !touched.has(id));
        expect(seenStable).toEqual(stable);
        // Only a record that moved may show twice.
        const counts = new Map<string, number>();
        for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
        for (const [id, count] of counts) if (count > 1) expect(touched.has(id)).toBe(true);
      }),
      { numRuns: 40, seed: 20260106 },
    );
  });

  it("holds with view=<id>: the view's sort and filters, explicit ones winning per column", async () => {
    const explicitPart = fc.record({
      sort: fc.option(
        fc.tuple(
          fc.constantFrom(...COLUMNS.map((c) => c.name), 'created_at'),
          fc.constantFrom('asc' as const, 'desc' as const),
        ),
        { nil: null },
      ),
      filters: fc
        .uniqueArray(fc.constantFrom(...COLUMNS.map((c) => c.name)), { maxLength: 1 })
        .chain((names) =>
          fc
            .tuple(...names.map((name) => filterValue[name] as fc.Arbitrary<string>))
            .map((values) => names.map((name, i) => [name, values[i] ?? ''] as const)),
        ),
    });
    await fc.assert(
      fc.asyncProperty(queryArbitrary, explicitPart, async (view, explicit) => {
        const { table, rows } = makeTable(view.seed, 120);
        const [viewId] = createTableViews(db, table.id, [
          {
            name: 'property view',
            settings: {
              columns: COLUMNS.map((c) => c.name),
              widths: {},
              sort: `${view.sortTarget}:${view.direction}`,
              filters: Object.fromEntries(view.filters),
            },
          },
        ]);
        const explicitNames = new Set(explicit.filters.map(([name]) => name));
        const filters = [
          ...explicit.filters,
          ...view.filters.filter(([name]) => !explicitNames.has(name)),
        ];
        const [sortTarget, direction] = explicit.sort ?? [view.sortTarget, view.direction];
        const expected = referenceOrder(
          [...rows.values()].filter((row) => filters.every(([n, v]) => matches(row, n, v))),
          sortTarget,
          direction,
        ).map((r) => r.id);
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const params = new URLSearchParams({ view: viewId ?? '', limit: String(view.limit) });
          if (explicit.sort !== null) params.set('sort', explicit.sort.join(':'));
          for (const [name, value] of explicit.filters) params.append(`filter[${name}]`, value);
          if (cursor !== null) params.set('cursor', cursor);
          const body = await fetchPage(table.id, params);
          seen.push(...body.records.map((r) => r.id));
          cursor = body.next_cursor;
        } while (cursor !== null);
        expect(seen).toEqual(expected);
      }),
      { numRuns: 40, seed: 20260107 },
    );
  });
});
