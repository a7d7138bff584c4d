import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableUuid } from './ids';
import { initializeWorkspaceDb } from './initialize';
import { queryRecordPage, type RecordPosition } from './record-query';
import { createUserTable, insertRecords, type TableInfo } from './user-tables';
import { WorkspaceDb } from './workspace-db';

// A page's cursor carries the id of its last record, read from that record's stored JSON
// bytes without parsing the rest (record-query.ts): ids that need escaping in JSON must
// still come back whole, and paging by them must not skip or repeat a record.
const ODD_IDS = [
  'plain',
  'with "quotes"',
  'ends with a backslash \\',
  'a\\"b',
  '","',
  '["]',
  'back\\\\slashes\\\\',
  'new\nline',
  'tab\tand\u0001control',
  'émoji 😀',
  '"',
  '\\',
];

let dir: string;
let db: WorkspaceDb;
let table: TableInfo;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wds-query-'));
  db = new WorkspaceDb(join(dir, 'query.sqlite'));
  const workspaceId = stableUuid('workspace:query');
  initializeWorkspaceDb(db, (fresh) => {
    fresh.sqlite
      .prepare("INSERT INTO workspaces (id, slug, name) VALUES (?, 'query', 'Query')")
      .run(workspaceId);
  });
  table = createUserTable(db, {
    workspaceId,
    name: 'Odd ids',
    createdAt: '2026-01-01T00:00:00.000Z',
    columns: [{ name: 'n', type: 'NUMBER' }],
  });
  insertRecords(
    db,
    table,
    ODD_IDS.map((id, index) => ({
      id,
      // Every third record has no number: its page comes from the null run.
      fields: index % 3 === 2 ? {} : { n: index },
      createdAt: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
    })),
  );
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function allPages(limit: number, by: 'created_at' | 'n'): string[] {
  const column = table.columnsByName.get('n');
  if (column === undefined) throw new Error('no column n');
  const sort =
    by === 'n'
      ? { target: { kind: 'column' as const, column }, direction: 'desc' as const }
      : { target: { kind: 'created_at' as const }, direction: 'asc' as const };
  const ids: string[] = [];
  let after: RecordPosition | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = queryRecordPage(db, table, { sort, filters: [], after, limit });
    const records = JSON.parse(`[${page.recordsJson.toString('utf8')}]`) as { id: string }[];
    // The next page starts at the record its cursor names (read past the previous limit).
    if (after !== null) expect(records[0]?.id).toBe(after.id);
    ids.push(...records.map((record) => record.id));
    if (page.next === null) return ids;
    after = page.next;
  }
  throw new Error('paging did not end');
}

describe('queryRecordPage', () => {
  it.each([1, 2, 3, 5])(
    'pages through ids that need escaping, %i at a time, each once and in order',
    (limit) => {
      expect(allPages(limit, 'created_at')).toEqual(ODD_IDS);
      const byNumber = allPages(limit, 'n');
      expect(new Set(byNumber).size).toBe(ODD_IDS.length);
      expect(byNumber).toEqual(allPages(ODD_IDS.length, 'n'));
    },
  );

  it('follows a position from before decision 027 (at: false) from just after its record', () => {
    const sort = { target: { kind: 'created_at' as const }, direction: 'asc' as const };
    const read = (after: RecordPosition | null) => {
      const page = queryRecordPage(db, table, { sort, filters: [], after, limit: 2 });
      const records = JSON.parse(`[${page.recordsJson.toString('utf8')}]`) as {
        id: string;
        created_at: string;
      }[];
      return { records, next: page.next };
    };
    const first = read(null);
    const last = first.records.at(-1);
    if (last === undefined || first.next === null) throw new Error('no second page');
    const old: RecordPosition = {
      nulls: false,
      key: Date.parse(last.created_at),
      id: last.id,
      at: false,
    };
    expect(read(old).records.map((r) => r.id)).toEqual(ODD_IDS.slice(2, 4));
    expect(read(first.next).records.map((r) => r.id)).toEqual(ODD_IDS.slice(2, 4));
  });
});
