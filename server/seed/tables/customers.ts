import { createUserTable, insertRecords, type RecordInput } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../data/people';
import { customerIdOf, PROJECT_IDS, TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from '../demo-time';
import { addressWordOf } from '../person-names';
import { Prng } from '../prng';
import { aliasOf, column } from '../seed-helpers';

/** acme's Customers table. */

export const CUSTOMER_COUNT = 300;

export function seedCustomers(db: WorkspaceDb): void {
  const prng = new Prng(101);
  const t = 'customers';
  const table = createUserTable(db, {
    id: TABLE_IDS.customers,
    aliasId: aliasOf(TABLE_IDS.customers),
    workspaceId: WORKSPACES.acme.id,
    name: 'Customers',
    description: 'People and companies who order from Acme.',
    projectId: PROJECT_IDS.acmeSupport,
    createdAt: iso(BASE_MS),
    columns: [
      column(t, { name: 'name', type: 'TEXT', isPrimary: true, required: true }),
      column(t, { name: 'email', type: 'EMAIL' }),
      column(t, { name: 'phone', type: 'PHONE' }),
      column(t, { name: 'website', type: 'URL' }),
      column(t, { name: 'country', type: 'SELECT', settings: { options: COUNTRIES } }),
      column(t, { name: 'vip', type: 'BOOLEAN', defaultValue: false }),
      column(t, { name: 'signed_up', type: 'DATETIME' }),
      column(t, { name: 'lifetime_value', type: 'NUMBER', settings: { precision: 2 } }),
      column(t, { name: 'customer_no', type: 'SERIAL' }),
    ],
  });
  const records: RecordInput[] = [];
  for (let i = 0; i < CUSTOMER_COUNT; i++) {
    const first = prng.pick(FIRST_NAMES);
    const last = prng.pick(LAST_NAMES);
    const created = BASE_MS + i * 3 * MINUTE;
    records.push({
      id: customerIdOf(i),
      createdAt: iso(created),
      updatedAt: iso(created + prng.int(0, 30) * DAY),
      fields: {
        name: `${first} ${last}`,
        email: `${addressWordOf(first)}.${addressWordOf(last)}${i}@example.com`,
        phone: prng.chance(0.8) ? `+49 30 ${prng.int(1000000, 9999999)}` : null,
        website: prng.chance(0.4) ? `https://${addressWordOf(last)}.example.org` : null,
        country: prng.pick(COUNTRIES),
        vip: prng.chance(0.15),
        signed_up: iso(BASE_MS - prng.int(1, 900) * DAY + prng.int(0, 1439) * MINUTE),
        lifetime_value: Math.round(prng.next() * 5_000_000) / 100,
        customer_no: i + 1,
      },
    });
  }
  insertRecords(db, table, records);
}
