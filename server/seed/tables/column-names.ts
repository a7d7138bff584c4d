import { stableUuid } from '../../db/ids';
import { createUserTable, insertRecords, type RecordInput } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from '../demo-time';
import { Prng } from '../prng';
import { aliasOf, column } from '../seed-helpers';

/** acme's table of column names a URL builder must encode. */

/** Column names a URL builder must encode: spaces, brackets, &, =, %, :, non-Latin letters. */
export const STRESS_COLUMN_NAMES = [
  'with space',
  'Size [cm]',
  'a&b=c',
  '名前',
  '100% done?',
  '#hash',
  'slash/name',
  'plus+sign',
  'colon:name',
  'filter[x]',
  'quote"d',
  'emoji 🎉',
  'עברית',
] as const;

export function seedColumnNames(db: WorkspaceDb): void {
  const prng = new Prng(303);
  const t = 'column-names';
  const table = createUserTable(db, {
    id: TABLE_IDS.columnNames,
    aliasId: aliasOf(TABLE_IDS.columnNames),
    workspaceId: WORKSPACES.acme.id,
    name: 'Column names & [brackets]',
    description: 'Columns whose names need URL encoding.',
    createdAt: iso(BASE_MS + 3 * MINUTE),
    columns: [
      column(t, { name: 'with space', type: 'TEXT', isPrimary: true }),
      column(t, { name: 'Size [cm]', type: 'NUMBER' }),
      column(t, { name: 'a&b=c', type: 'SELECT', settings: { options: ['x', 'y', 'z'] } }),
      column(t, { name: '名前', type: 'TEXT' }),
      column(t, { name: '100% done?', type: 'BOOLEAN' }),
      column(t, { name: '#hash', type: 'TEXT' }),
      column(t, { name: 'slash/name', type: 'TEXT' }),
      column(t, { name: 'plus+sign', type: 'NUMBER' }),
      column(t, { name: 'colon:name', type: 'TEXT' }),
      column(t, { name: 'filter[x]', type: 'TEXT' }),
      column(t, { name: 'quote"d', type: 'TEXT' }),
      column(t, {
        name: 'emoji 🎉',
        type: 'MULTISELECT',
        settings: { options: ['🎉', '🚀', '✅'] },
      }),
      column(t, { name: 'עברית', type: 'DATETIME' }),
    ],
  });
  const records: RecordInput[] = [];
  for (let i = 0; i < 20; i++) {
    records.push({
      id: stableUuid(`record:acme:column-names:${i}`),
      createdAt: iso(BASE_MS + 3 * MINUTE + i * 1000),
      fields: {
        'with space': `Row ${i + 1}`,
        'Size [cm]': i % 5 === 4 ? null : prng.int(1, 300),
        'a&b=c': ['x', 'y', 'z'][i % 3],
        名前: `名前 ${i + 1}`,
        '100% done?': i % 2 === 0,
        '#hash': `#${i}`,
        'slash/name': `a/b/${i}`,
        'plus+sign': i + 0.5,
        'colon:name': `c:${i % 4}`,
        'filter[x]': i % 2 === 0 ? 'even' : 'odd',
        'quote"d': `"${i}"`,
        'emoji 🎉': prng.subset(['🎉', '🚀', '✅'], 0.5),
        עברית: iso(BASE_MS + i * DAY),
      },
    });
  }
  insertRecords(db, table, records);
}
