import { stableUuid } from '../db/ids';
import { createTableViews, type ViewSpec } from '../db/table-views';
import type { WorkspaceDb } from '../db/workspace-db';
import { TABLE_IDS } from './demo-ids';

/**
 * Saved views of the demo tables (docs/demo-data.md). Each table with views has a
 * default that shows every column as the table has them, so opening a table looks the
 * same with or without views; the others sort, filter and pick columns. Globex's one
 * view is not a default (a table may have views and no default).
 */
export const VIEW_IDS = {
  allOrders: stableUuid('view:acme:orders:all'),
  paidBiggestFirst: stableUuid('view:acme:orders:paid-biggest-first'),
  refunds: stableUuid('view:acme:orders:refunds'),
  allCustomers: stableUuid('view:acme:customers:all'),
  vipCustomers: stableUuid('view:acme:customers:vip'),
  /** Names `fax`, a column Customers no longer has. */
  callList: stableUuid('view:acme:customers:call-list'),
  allProducts: stableUuid('view:acme:products:all'),
  inStock: stableUuid('view:acme:products:in-stock'),
  shipmentsInTransit: stableUuid('view:globex:shipments:in-transit'),
} as const;

const ORDER_COLUMNS = [
  'order_no',
  'status',
  'amount',
  'ordered_at',
  'paid',
  'tags',
  'customer',
  'notes',
  'email',
  'website',
];
const CUSTOMER_COLUMNS = [
  'name',
  'email',
  'phone',
  'website',
  'country',
  'vip',
  'signed_up',
  'lifetime_value',
  'customer_no',
];
const PRODUCT_COLUMNS = [
  'name',
  'Unit price (€)',
  '名前',
  'sku',
  'category',
  'tags',
  'in_stock',
  'launched',
  'photos',
  'related',
];

const everything = (id: string, name: string, columns: string[]): ViewSpec => ({
  id,
  name,
  isDefault: true,
  settings: { columns, widths: {}, sort: null, filters: {} },
});

export function seedDemoViews(db: WorkspaceDb): void {
  createTableViews(db, TABLE_IDS.orders, [
    everything(VIEW_IDS.allOrders, 'All orders', ORDER_COLUMNS),
    {
      id: VIEW_IDS.paidBiggestFirst,
      name: 'Paid, biggest first',
      settings: {
        columns: ['order_no', 'customer', 'amount', 'ordered_at', 'status', 'tags'],
        widths: { order_no: 110, customer: 220, amount: 140 },
        sort: 'amount:desc',
        filters: { status: 'paid' },
      },
    },
    {
      id: VIEW_IDS.refunds,
      name: 'Refunds',
      settings: {
        columns: ['order_no', 'ordered_at', 'customer', 'amount', 'notes'],
        widths: { notes: 360 },
        sort: 'ordered_at:desc',
        filters: { status: 'refunded' },
      },
    },
  ]);
  createTableViews(db, TABLE_IDS.customers, [
    everything(VIEW_IDS.allCustomers, 'All customers', CUSTOMER_COLUMNS),
    {
      id: VIEW_IDS.vipCustomers,
      name: 'VIP customers',
      settings: {
        columns: ['name', 'country', 'lifetime_value', 'email'],
        widths: { name: 220 },
        sort: 'lifetime_value:desc',
        filters: { vip: 'true' },
      },
    },
    {
      id: VIEW_IDS.callList,
      name: 'Call list',
      settings: {
        columns: ['name', 'phone', 'fax', 'country'],
        widths: { name: 220, fax: 160 },
        sort: 'name:asc',
        filters: {},
      },
    },
  ]);
  createTableViews(db, TABLE_IDS.products, [
    everything(VIEW_IDS.allProducts, 'All products', PRODUCT_COLUMNS),
    {
      id: VIEW_IDS.inStock,
      name: 'In stock, cheapest first',
      settings: {
        columns: ['name', 'Unit price (€)', 'category', 'in_stock'],
        widths: {},
        sort: 'Unit price (€):asc',
        filters: { in_stock: 'true' },
      },
    },
  ]);
  createTableViews(db, TABLE_IDS.shipments, [
    {
      id: VIEW_IDS.shipmentsInTransit,
      name: 'In transit',
      settings: {
        columns: ['tracking', 'status', 'carrier', 'shipped_at'],
        widths: {},
        sort: 'shipped_at:desc',
        filters: { status: 'in_transit' },
      },
    },
  ]);
}
