import { createUserTable, insertRecords, type RecordInput } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { ORDER_TAGS } from '../data/orders';
import { CATEGORIES, PRODUCT_NAMES, PRODUCT_NAMES_JA } from '../data/products';
import { PROJECT_IDS, productIdOf, TABLE_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from '../demo-time';
import { Prng } from '../prng';
import { aliasOf, column } from '../seed-helpers';

/** acme's Products table. */

export const PRODUCT_COUNT = 60;

export function seedProducts(db: WorkspaceDb): void {
  const prng = new Prng(202);
  const t = 'products';
  const table = createUserTable(db, {
    id: TABLE_IDS.products,
    aliasId: aliasOf(TABLE_IDS.products),
    workspaceId: WORKSPACES.acme.id,
    name: 'Products',
    description: 'The catalogue. Prices in euro.',
    projectId: PROJECT_IDS.acmeWebsite,
    createdAt: iso(BASE_MS + MINUTE),
    columns: [
      column(t, { name: 'name', type: 'TEXT', isPrimary: true, required: true }),
      column(t, {
        name: 'Unit price (€)',
        type: 'NUMBER',
        description: 'Price per unit, VAT included.',
      }),
      column(t, { name: '名前', type: 'TEXT', description: 'Japanese product name.' }),
      column(t, { name: 'sku', type: 'TEXT' }),
      column(t, { name: 'category', type: 'SELECT', settings: { options: CATEGORIES } }),
      column(t, { name: 'tags', type: 'MULTISELECT', settings: { options: [...ORDER_TAGS] } }),
      column(t, { name: 'in_stock', type: 'BOOLEAN' }),
      column(t, { name: 'launched', type: 'DATETIME' }),
      column(t, { name: 'photos', type: 'FILE' }),
      column(t, {
        name: 'related',
        type: 'REFERENCE',
        settings: { table_id: TABLE_IDS.products, multiple: true },
      }),
    ],
  });
  const records: RecordInput[] = [];
  for (let i = 0; i < PRODUCT_COUNT; i++) {
    const base = i % PRODUCT_NAMES.length;
    const created = BASE_MS + MINUTE + i * MINUTE;
    const variant = Math.floor(i / PRODUCT_NAMES.length);
    records.push({
      id: productIdOf(i),
      createdAt: iso(created),
      fields: {
        name: variant === 0 ? PRODUCT_NAMES[base] : `${PRODUCT_NAMES[base]} Mk ${variant + 1}`,
        'Unit price (€)': i === 7 ? null : Math.round(prng.next() * 100_000) / 100,
        名前: PRODUCT_NAMES_JA[base],
        sku: `ACME-${String(i + 1).padStart(4, '0')}`,
        category: prng.pick(CATEGORIES),
        tags: prng.subset(ORDER_TAGS, 0.3),
        in_stock: prng.chance(0.7),
        launched: iso(BASE_MS - prng.int(10, 2000) * DAY),
        photos: prng.chance(0.5)
          ? [
              {
                name: `product-${i + 1}.jpg`,
                size: prng.int(20_000, 900_000),
                mime_type: 'image/jpeg',
                url: `https://files.example.com/acme/product-${i + 1}.jpg`,
              },
            ]
          : [],
        related: prng
          .subset([0, 1, 2, 3, 4, 5], 0.3)
          .map((offset) => productIdOf((i + offset + 1) % PRODUCT_COUNT)),
      },
    });
  }
  insertRecords(db, table, records);
}
