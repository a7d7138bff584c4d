import { stableUuid } from '../../db/ids';
import { createUserTable, insertRecords } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { KITCHEN_SINK_ROWS } from '../data/kitchen-sink';
import { TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, iso, MINUTE } from '../demo-time';
import { aliasOf, column } from '../seed-helpers';

/** acme's Kitchen sink: every column type, with the rows of data/kitchen-sink.ts. */
export function seedKitchenSink(db: WorkspaceDb): void {
  const t = 'kitchen-sink';
  const table = createUserTable(db, {
    id: TABLE_IDS.kitchenSink,
    aliasId: aliasOf(TABLE_IDS.kitchenSink),
    workspaceId: WORKSPACES.acme.id,
    name: 'Kitchen sink',
    description:
      'Every column type, nulls, unicode and hostile values. Values are data, never markup.',
    createdAt: iso(BASE_MS + 2 * MINUTE),
    columns: [
      column(t, { name: 'Title', type: 'TEXT', isPrimary: true, required: true }),
      column(t, { name: 'Long text', type: 'LONGTEXT' }),
      column(t, { name: 'Email', type: 'EMAIL' }),
      column(t, { name: 'Phone', type: 'PHONE' }),
      column(t, { name: 'Link', type: 'URL' }),
      column(t, { name: 'Number', type: 'NUMBER' }),
      column(t, { name: 'Done', type: 'BOOLEAN' }),
      column(t, { name: 'When', type: 'DATETIME' }),
      column(t, {
        name: 'Choice',
        type: 'SELECT',
        settings: { options: ['Red', 'Green', 'Blue', '<b>bold</b>'] },
      }),
      column(t, {
        name: 'Choices',
        type: 'MULTISELECT',
        settings: { options: ['Alpha', 'Beta', 'Gamma', 'שלום', '🎉'] },
      }),
      column(t, {
        name: 'Customer',
        type: 'REFERENCE',
        settings: { table_id: TABLE_IDS.customers, multiple: false },
      }),
      column(t, {
        name: 'Customers',
        type: 'REFERENCE',
        settings: { table_id: TABLE_IDS.customers, multiple: true },
      }),
      column(t, { name: 'Attachments', type: 'FILE' }),
      column(t, { name: 'Score', type: 'FORMULA', settings: { expression: '{Number} * 2' } }),
      column(t, { name: 'AI summary', type: 'AI', settings: { prompt: 'Summarize {Long text}' } }),
      column(t, { name: 'Row no', type: 'SERIAL' }),
    ],
  });
  insertRecords(
    db,
    table,
    KITCHEN_SINK_ROWS.map((fields, i) => ({
      id: stableUuid(`record:acme:kitchen-sink:${i}`),
      createdAt: iso(BASE_MS + 2 * MINUTE + i * 1000),
      fields,
    })),
  );
}
