import { stableUuid } from '../../db/ids';
import { createUserTable, insertRecords, type RecordInput } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { PROJECT_IDS, TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from '../demo-time';
import { Prng } from '../prng';
import { aliasOf, column } from '../seed-helpers';

/** Globex's tables: another workspace, which acme's keys must not see. */

export function seedGlobexTables(db: WorkspaceDb): void {
  const prng = new Prng(505);
  const shipments = createUserTable(db, {
    id: TABLE_IDS.shipments,
    aliasId: aliasOf(TABLE_IDS.shipments),
    workspaceId: WORKSPACES.globex.id,
    name: 'Shipments',
    description: 'Globex shipments (another workspace: acme keys must not see it).',
    projectId: PROJECT_IDS.globexLogistics,
    createdAt: iso(BASE_MS + 10 * MINUTE),
    columns: [
      column('shipments', { name: 'tracking', type: 'TEXT', isPrimary: true }),
      column('shipments', {
        name: 'status',
        type: 'SELECT',
        settings: { options: ['label', 'in_transit', 'delivered', 'lost'] },
      }),
      column('shipments', { name: 'weight_kg', type: 'NUMBER' }),
      column('shipments', { name: 'shipped_at', type: 'DATETIME' }),
      column('shipments', { name: 'delivered', type: 'BOOLEAN' }),
      column('shipments', {
        name: 'carrier',
        type: 'SELECT',
        settings: { options: ['DHL', 'UPS', 'FedEx'] },
      }),
    ],
  });
  const rows: RecordInput[] = [];
  for (let i = 0; i < 250; i++) {
    const status = prng.pick(['label', 'in_transit', 'delivered', 'lost']);
    rows.push({
      id: stableUuid(`record:globex:shipments:${i}`),
      createdAt: iso(BASE_MS + 10 * MINUTE + i * MINUTE),
      fields: {
        tracking: `GX${String(100000 + i)}`,
        status,
        weight_kg: Math.round(prng.next() * 5000) / 100,
        shipped_at: iso(BASE_MS - prng.int(0, 60) * DAY),
        delivered: status === 'delivered',
        carrier: prng.pick(['DHL', 'UPS', 'FedEx']),
      },
    });
  }
  insertRecords(db, shipments, rows);
  const suppliers = createUserTable(db, {
    id: TABLE_IDS.suppliers,
    aliasId: aliasOf(TABLE_IDS.suppliers),
    workspaceId: WORKSPACES.globex.id,
    name: 'Suppliers',
    description: 'Who Globex buys from.',
    createdAt: iso(BASE_MS + 11 * MINUTE),
    columns: [
      column('suppliers', { name: 'name', type: 'TEXT', isPrimary: true }),
      column('suppliers', { name: 'email', type: 'EMAIL' }),
      column('suppliers', { name: 'rating', type: 'NUMBER' }),
    ],
  });
  insertRecords(
    db,
    suppliers,
    ['Initech', 'Umbrella', 'Soylent', 'Hooli', 'Vandelay', 'Wonka', 'Tyrell', 'Cyberdyne'].map(
      (name, i) => ({
        id: stableUuid(`record:globex:suppliers:${i}`),
        createdAt: iso(BASE_MS + 11 * MINUTE + i * 1000),
        fields: { name, email: `${name.toLowerCase()}@supplier.example`, rating: (i % 5) + 1 },
      }),
    ),
  );
}
