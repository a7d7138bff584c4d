import { createRecordIndexes, createUserTable, recordInserter } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { ORDER_STATUSES, ORDER_TAGS } from '../data/orders';
import { customerIdOf, PROJECT_IDS, TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, iso, MINUTE } from '../demo-time';
import { Prng } from '../prng';
import { aliasOf, column, sentence } from '../seed-helpers';
import { CUSTOMER_COUNT } from './customers';

/** acme's Orders: the big table (100,000 records by default). */

export function seedOrders(
  db: WorkspaceDb,
  count: number,
  onProgress?: (done: number, total: number) => void,
): void {
  const prng = new Prng(404);
  const t = 'orders';
  const table = createUserTable(
    db,
    {
      id: TABLE_IDS.orders,
      aliasId: aliasOf(TABLE_IDS.orders),
      workspaceId: WORKSPACES.acme.id,
      name: 'Orders',
      description: `${count.toLocaleString('en-US')} orders: the big table.`,
      projectId: PROJECT_IDS.acmeWebsite,
      createdAt: iso(BASE_MS + 4 * MINUTE),
      columns: [
        column(t, { name: 'order_no', type: 'SERIAL', isPrimary: true }),
        column(t, { name: 'status', type: 'SELECT', settings: { options: [...ORDER_STATUSES] } }),
        column(t, { name: 'amount', type: 'NUMBER', settings: { currency: 'EUR' } }),
        column(t, { name: 'ordered_at', type: 'DATETIME' }),
        column(t, { name: 'paid', type: 'BOOLEAN' }),
        column(t, { name: 'tags', type: 'MULTISELECT', settings: { options: [...ORDER_TAGS] } }),
        column(t, {
          name: 'customer',
          type: 'REFERENCE',
          settings: { table_id: TABLE_IDS.customers, multiple: false },
        }),
        column(t, { name: 'notes', type: 'LONGTEXT' }),
        column(t, { name: 'email', type: 'EMAIL' }),
        column(t, { name: 'website', type: 'URL' }),
      ],
    },
    { deferIndexes: true },
  );
  const insert = recordInserter(db, table);
  const statusWeights = [
    ['pending', 20],
    ['paid', 35],
    ['shipped', 30],
    ['refunded', 5],
    ['cancelled', 10],
  ] as const;
  for (let i = 0; i < count; i++) {
    const status = prng.weighted(statusWeights);
    const customer = prng.int(0, CUSTOMER_COUNT - 1);
    const created = BASE_MS + 4 * MINUTE + Math.floor(i / 2) * 20_000;
    const orderedAt = BASE_MS - prng.int(0, 365 * 24 * 60) * MINUTE;
    const hasAmount = prng.chance(0.97);
    const amount = Math.round(prng.next() * 100_000) / 100;
    const hasNotes = prng.chance(0.35);
    const notes = sentence(prng, prng.int(3, 14));
    const hasWebsite = prng.chance(0.5);
    insert({
      id: prng.uuid(),
      createdAt: iso(created),
      updatedAt: iso(created + prng.int(0, 10_000) * MINUTE),
      fields: {
        order_no: i + 1,
        status,
        amount: hasAmount ? amount : null,
        ordered_at: iso(orderedAt),
        paid: status === 'paid' || status === 'shipped',
        tags: prng.subset(ORDER_TAGS, 0.2),
        customer: i % 50 === 49 ? null : customerIdOf(customer),
        ...(hasNotes ? { notes } : {}),
        email: `buyer${customer}@example.com`,
        website: hasWebsite ? `https://shop${customer}.example.net` : null,
      },
    });
    if ((i + 1) % 1000 === 0) onProgress?.(i + 1, count);
  }
  onProgress?.(count, count);
  createRecordIndexes(db, table);
}
