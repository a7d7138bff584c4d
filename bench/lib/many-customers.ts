import { stableUuid } from '../../server/db/ids';
import {
  createRecordIndexes,
  createUserTable,
  insertRecords,
  loadTable,
  recordInserter,
} from '../../server/db/user-tables';
import { WorkspaceDb } from '../../server/db/workspace-db';
import { BASE_MS, iso, WORKSPACES } from '../../server/seed/demo-seed';
import { Prng } from '../../server/seed/prng';

/**
 * The export-with-names budget speaks of 1,000,000 orders from ~30,000 distinct customers;
 * the demo's Orders link to its 300 customers only (docs/demo-data.md). For that shape the
 * bench adds two tables of its own to its copy of the big database (never to the demo):
 * 30,000 customers, and a million orders each linking to one of them at random.
 */
export const MANY_CUSTOMERS = 30_000;
export const MANY_CUSTOMER_ORDERS_TABLE = 'Orders (30,000 customers)';
const CUSTOMERS_TABLE_ID = stableUuid('table:bench:many-customers');
const ORDERS_TABLE_ID = stableUuid('table:bench:many-customer-orders');

export function addManyCustomerOrders(dbPath: string, orders: number): void {
  const db = new WorkspaceDb(dbPath);
  try {
    if (loadTable(db, ORDERS_TABLE_ID) !== null) return;
    const prng = new Prng(4242);
    const customers = createUserTable(db, {
      id: CUSTOMERS_TABLE_ID,
      workspaceId: WORKSPACES.acme.id,
      name: 'Customers (30,000)',
      createdAt: iso(BASE_MS + 10 * 60_000),
      columns: [
        {
          id: stableUuid('column:bench-customers:name'),
          name: 'name',
          type: 'TEXT',
          isPrimary: true,
        },
        { id: stableUuid('column:bench-customers:email'), name: 'email', type: 'EMAIL' },
      ],
    });
    const customerIds = Array.from({ length: MANY_CUSTOMERS }, (_, i) =>
      stableUuid(`record:bench:many-customers:${i}`),
    );
    insertRecords(
      db,
      customers,
      customerIds.map((id, i) => ({
        id,
        createdAt: iso(BASE_MS + i * 1000),
        fields: { name: `Customer ${i + 1}`, email: `customer${i + 1}@example.com` },
      })),
    );
    const table = createUserTable(
      db,
      {
        id: ORDERS_TABLE_ID,
        workspaceId: WORKSPACES.acme.id,
        name: MANY_CUSTOMER_ORDERS_TABLE,
        createdAt: iso(BASE_MS + 11 * 60_000),
        columns: [
          {
            id: stableUuid('column:bench-orders:order_no'),
            name: 'order_no',
            type: 'SERIAL',
            isPrimary: true,
          },
          { id: stableUuid('column:bench-orders:amount'), name: 'amount', type: 'NUMBER' },
          {
            id: stableUuid('column:bench-orders:customer'),
            name: 'customer',
            type: 'REFERENCE',
            settings: { table_id: CUSTOMERS_TABLE_ID, multiple: false },
          },
        ],
      },
      { deferIndexes: true },
    );
    const insert = recordInserter(db, table);
    db.sqlite.transaction(() => {
      for (let i = 0; i < orders; i++) {
        const created = BASE_MS + Math.floor(i / 2) * 20_000;
        insert({
          id: prng.uuid(),
          createdAt: iso(created),
          fields: {
            order_no: i + 1,
            amount: Math.round(prng.next() * 100_000) / 100,
            customer: customerIds[prng.int(0, MANY_CUSTOMERS - 1)],
          },
        });
      }
    })();
    createRecordIndexes(db, table);
    db.sqlite.exec('ANALYZE');
  } finally {
    db.close();
  }
}
