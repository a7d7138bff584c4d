import { stableUuid } from '../db/ids';
import {
  type ColumnSpec,
  createRecordIndexes,
  createUserTable,
  insertRecords,
  type RecordInput,
  recordInserter,
} from '../db/user-tables';
import type { WorkspaceDb } from '../db/workspace-db';
import { PROJECT_IDS, TABLE_IDS, WORKSPACES } from './demo-ids';
import { seedDemoViews } from './demo-views';
import { Prng } from './prng';
import {
  HOSTILE_MARKDOWN,
  pageMarkdown,
  taskBodyMarkdown,
  taskOutputMarkdown,
} from './resource-content';
import { HOSTILE_SKILL_MARKDOWN, skillMarkdownOf, skillNameOf } from './skill-content';

export { PROJECT_IDS, TABLE_IDS, WORKSPACES } from './demo-ids';

/**
 * The demo workspaces (§8), documented in docs/demo-data.md. Deterministic: every random
 * choice comes from a fixed-seed PRNG (one stream per table, so the size of Orders never
 * changes any other table, and order #n is the same at any size), every time from BASE_MS.
 */
export interface SeedOptions {
  /** Size of acme's Orders table. */
  orders: number;
  /** Called as Orders fills (every 1,000 records and at the end): the start shows progress. */
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_ORDER_COUNT = 100_000;
export const BASE_MS = Date.UTC(2026, 0, 5, 9, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'refunded', 'cancelled'] as const;
export const ORDER_TAGS = ['gift', 'priority', 'wholesale', 'repeat', 'fragile'] as const;
const CUSTOMER_COUNT = 300;
const PRODUCT_COUNT = 60;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function customerIdOf(index: number): string {
  return stableUuid(`record:acme:customers:${index}`);
}

function productIdOf(index: number): string {
  return stableUuid(`record:acme:products:${index}`);
}

export function seedDemo(
  db: WorkspaceDb,
  options: SeedOptions = { orders: DEFAULT_ORDER_COUNT },
): void {
  const insertWorkspace = db.sqlite.prepare(
    'INSERT INTO workspaces (id, slug, name) VALUES (?, ?, ?)',
  );
  for (const w of Object.values(WORKSPACES)) insertWorkspace.run(w.id, w.slug, w.name);
  seedProjects(db);
  seedCustomers(db);
  seedProducts(db);
  seedKitchenSink(db);
  seedColumnNames(db);
  seedTeam(db);
  createUserTable(db, {
    id: TABLE_IDS.archive,
    aliasId: aliasOf(TABLE_IDS.archive),
    workspaceId: WORKSPACES.acme.id,
    name: 'Archive',
    description: 'An empty table: every list of it is one empty page.',
    createdAt: iso(BASE_MS + 6 * MINUTE),
    columns: [
      { id: stableUuid('column:archive:title'), name: 'title', type: 'TEXT', isPrimary: true },
      { id: stableUuid('column:archive:archived_at'), name: 'archived_at', type: 'DATETIME' },
    ],
  });
  seedOrders(db, options.orders, options.onProgress);
  seedGlobexTables(db);
  seedSkills(db);
  seedTasksAndPages(db);
  seedDemoViews(db);
  // Last, so the tables above keep the storage they had before this one existed.
  seedSurvey(db);
}

function column(table: string, spec: Omit<ColumnSpec, 'id'>): ColumnSpec {
  return { id: stableUuid(`column:${table}:${spec.name}`), ...spec };
}

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Chen',
  'Dana',
  'Emeka',
  'Fatima',
  'Gustav',
  'Hana',
  'Igor',
  'Júlia',
  'Kofi',
  'Léa',
  'Mateo',
  'Nour',
  'Olga',
  'Priya',
  'Quinn',
  'Rafael',
  'Sofia',
  'Tomás',
  'Uma',
  'Vera',
  'Wei',
  'Yusuf',
  'Zoë',
  'ana',
  'émile',
];
const LAST_NAMES = [
  'Andersen',
  'Bakker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Haddad',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'López',
  'Müller',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ünal',
  'van Dijk',
  'Weber',
  'Yilmaz',
  'Zhang',
  "O'Brien",
  'de la Cruz',
];
const COUNTRIES = ['DE', 'FR', 'NL', 'US', 'JP', 'BR', 'NG', 'IN', 'EG', 'IL'];
const WORDS = [
  'quick',
  'follow-up',
  'call',
  'invoice',
  'late',
  'delivery',
  'box',
  'damaged',
  'thanks',
  'asked',
  'about',
  'discount',
  'Friday',
  'warehouse',
  'label',
  'résumé',
  'naïve',
  'café',
  'über',
  'fragile',
  'handle',
  'with',
  'care',
  'please',
  'ASAP',
  'gift',
  'wrap',
  'note',
  'Größe',
  'ok',
];

function sentence(prng: Prng, words: number): string {
  const text = Array.from({ length: words }, () => prng.pick(WORDS)).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** [id, workspace, name, description, status, is_private, icon, color, lead]; lead indexes USER_IDS (acme) or null. */
type ProjectSeed = [
  string,
  string,
  string,
  string | null,
  string,
  number,
  string | null,
  string | null,
  number | null,
];

function seedProjects(db: WorkspaceDb): void {
  const insert = db.sqlite.prepare(
    `INSERT INTO projects (id, alias_id, workspace_id, name, description, icon, color, lead_id, status,
       is_private, start_date, end_date, target_date, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const acme = WORKSPACES.acme.id;
  const globex = WORKSPACES.globex.id;
  const projects: ProjectSeed[] = [
    [
      PROJECT_IDS.acmeWebsite,
      acme,
      'Website relaunch',
      'New shop front and checkout.',
      'active',
      0,
      '🚀',
      '#2563eb',
      0,
    ],
    [
      PROJECT_IDS.acmeSupport,
      acme,
      'Support playbook',
      'Skills and pages for the support team.',
      'active',
      0,
      '🛟',
      '#16a34a',
      1,
    ],
    [
      PROJECT_IDS.acmeWarehouse,
      acme,
      'Warehouse move',
      'Move stock to the new site.',
      'paused',
      1,
      '📦',
      '#d97706',
      2,
    ],
    [PROJECT_IDS.acmeQ4, acme, 'Q4 campaign', 'Holiday sales.', 'completed', 0, '🎄', '#dc2626', 0],
    // No icon, no colour, no lead, no description: every optional field null.
    [PROJECT_IDS.acmeLoyalty, acme, 'Loyalty programme', null, 'draft', 1, null, null, null],
    // A colour that is not a colour: the dashboard must not put it into CSS as is.
    [
      stableUuid('project:acme:old'),
      acme,
      'Legacy ERP',
      'Retired system.',
      'archived',
      0,
      '🗄️',
      'red; background: url(https://evil.example/x)',
      null,
    ],
    [
      PROJECT_IDS.globexLogistics,
      globex,
      'Logistics',
      'Carriers and shipments.',
      'active',
      0,
      '🚚',
      '#7c3aed',
      null,
    ],
    [
      stableUuid('project:globex:research'),
      globex,
      'Research',
      'Secret projects.',
      'active',
      1,
      '🔬',
      '#0891b2',
      null,
    ],
  ];
  projects.forEach(
    ([id, workspaceId, name, description, status, isPrivate, icon, color, lead], i) => {
      const created = BASE_MS - 90 * DAY + i * DAY;
      insert.run(
        id,
        aliasOf(id),
        workspaceId,
        name,
        description,
        icon,
        color,
        lead === null ? null : (USER_IDS[lead] ?? null),
        status,
        isPrivate,
        iso(created).slice(0, 10),
        status === 'completed' || status === 'archived'
          ? iso(created + 60 * DAY).slice(0, 10)
          : null,
        status === 'draft' ? null : iso(created + 120 * DAY).slice(0, 10),
        iso(created),
        iso(created + 3 * DAY),
      );
    },
  );
}

function aliasOf(id: string): string {
  return `al_${id.replaceAll('-', '').slice(0, 10)}`;
}

function seedCustomers(db: WorkspaceDb): void {
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
        email: `${first.toLowerCase()}.${last.toLowerCase().replaceAll(/[^a-z]/g, '')}${i}@example.com`,
        phone: prng.chance(0.8) ? `+49 30 ${prng.int(1000000, 9999999)}` : null,
        website: prng.chance(0.4)
          ? `https://${last.toLowerCase().replaceAll(/[^a-z]/g, '')}.example.org`
          : null,
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

const PRODUCT_NAMES = [
  'Anvil',
  'Rocket skates',
  'Giant magnet',
  'Bird seed',
  'Tornado kit',
  'Dehydrated boulders',
  'Earthquake pills',
  'Jet bike',
  'Instant hole',
  'Spring shoes',
];
const PRODUCT_NAMES_JA = [
  '金床',
  'ロケットスケート',
  '巨大磁石',
  '鳥の餌',
  '竜巻キット',
  '乾燥岩',
  '地震薬',
  'ジェットバイク',
  'インスタント穴',
  'バネ靴',
];
const CATEGORIES = ['Tools', 'Travel', 'Food', 'Weather'];

function seedProducts(db: WorkspaceDb): void {
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

/** 10 kB of text, so a grid cell must truncate and a cursor must not carry the key. */
export const TEN_KB_TEXT = `${'Lorem ipsum dolor sit amet. '.repeat(366)}END`.slice(0, 10_240);

function seedKitchenSink(db: WorkspaceDb): void {
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
  const file = (name: string, mime: string) => ({
    name,
    size: 1234,
    mime_type: mime,
    url: `https://files.example.com/acme/${encodeURIComponent(name)}`,
  });
  const rows: Record<string, unknown>[] = [
    {
      Title: 'Plain row',
      'Long text': 'Line one.\nLine two.\n\nParagraph two.',
      Email: 'plain@example.com',
      Phone: '+1 555 0100',
      Link: 'https://example.com/plain',
      Number: 42,
      Done: true,
      When: '2026-03-01T10:00:00.000Z',
      Choice: 'Red',
      Choices: ['Alpha', 'Beta'],
      Customer: customerIdOf(0),
      Customers: [customerIdOf(0), customerIdOf(1)],
      Attachments: [file('report.pdf', 'application/pdf')],
      Score: 84,
      'AI summary': 'A plain row.',
      'Row no': 1,
    },
    {
      Title: '<script>alert(1)</script>',
      'Long text': '<img src=x onerror=alert(1)>',
      Email: '"><script>alert(1)</script>@example.com',
      Phone: '<b>555</b>',
      Link: 'javascript:alert(1)',
      Number: -1,
      Done: false,
      When: '2026-03-01T23:59:59.999Z',
      Choice: '<b>bold</b>',
      Choices: ['Gamma'],
      Customer: customerIdOf(2),
      Customers: [],
      Attachments: [file('<img src=x onerror=alert(1)>.png', 'image/png')],
      Score: '<script>alert(2)</script>',
      'AI summary': { html: '<script>alert(3)</script>' },
      'Row no': 2,
    },
    {
      Title: 'مرحبا بالعالم — RTL text',
      'Long text': 'שלום עולם. هذا نص من اليمين إلى اليسار mixed with English.',
      Email: 'rtl@example.com',
      Phone: '+972 3 555 0101',
      Link: 'https://example.com/שלום',
      Number: 3.25,
      Done: null,
      When: '2026-02-28T22:00:00.000Z',
      Choice: 'Green',
      Choices: ['שלום'],
      Customer: null,
      Customers: [customerIdOf(3)],
      Attachments: [],
      Score: 6.5,
      'AI summary': 'نص',
      'Row no': 3,
    },
    {
      Title: 'Emoji 🎉🚀 and ZWJ 👩‍👩‍👧',
      'Long text': '🎉'.repeat(50),
      Email: 'emoji@example.com',
      Link: 'https://example.com/🎉',
      Number: 0,
      Done: true,
      When: '2025-12-31T23:59:59.000Z',
      Choice: 'Blue',
      Choices: ['🎉', 'Alpha'],
      Attachments: [file('party 🎉.gif', 'image/gif')],
      Score: 0,
      'AI summary': null,
      'Row no': 4,
    },
    {
      Title: '10 kB value',
      'Long text': TEN_KB_TEXT,
      Email: null,
      Number: 1e21,
      Done: false,
      When: null,
      Choice: null,
      Choices: null,
      Score: null,
      'Row no': 5,
    },
    {
      Title: 'Nulls everywhere',
      'Long text': null,
      Email: null,
      Phone: null,
      Link: null,
      Number: null,
      Done: null,
      When: null,
      Choice: null,
      Choices: null,
      Customer: null,
      Customers: null,
      Attachments: null,
      Score: null,
      'AI summary': null,
      'Row no': 6,
    },
    { Title: 'Absent fields', 'Row no': 7 },
    {
      Title: '',
      'Long text': '',
      Email: '',
      Phone: '',
      Link: '',
      Number: -0.000001,
      Choices: [],
      Customers: [],
      Attachments: [],
      Score: '',
      'AI summary': '',
      'Row no': 8,
    },
    {
      Title: 'a&b=c?d#e%20f',
      'Long text': 'Query-like: ?filter[x]=1&sort=y:desc',
      Email: 'query@example.com',
      Link: 'https://example.com/?a=1&b=2#frag',
      Number: 1234567.891,
      Done: true,
      When: '2026-03-02T00:00:00.000Z',
      Choice: 'Red',
      Choices: ['Beta'],
      Score: 2469135.782,
      'AI summary': ['list', 'value'],
      'Row no': 9,
    },
    {
      Title: 'Zalgo Z̷̧̛a̶̡l̵g̸o̴ and \u202Eoverride',
      'Long text': 'Tabs\tand\u0007bells and a NUL-free control run',
      Email: 'zalgo@example.com',
      Link: 'data:text/html,<script>alert(1)</script>',
      Number: -99999.5,
      Done: false,
      When: '2024-02-29T12:00:00.000Z',
      Choice: 'Green',
      Choices: ['Alpha', 'Beta', 'Gamma'],
      Score: true,
      'AI summary': 42,
      'Row no': 10,
    },
    {
      Title: 'plain row',
      'Long text': 'Lower-case twin of "Plain row": sorts right after it.',
      Number: 42,
      Done: true,
      When: '2026-03-01T10:00:00.000Z',
      Choice: 'Red',
      'Row no': 11,
    },
    {
      Title: 'ÉCOLE',
      'Long text': 'Accented capitals.',
      Number: 7,
      Done: false,
      Choice: 'Blue',
      Choices: ['Gamma'],
      'Row no': 12,
    },
  ];
  insertRecords(
    db,
    table,
    rows.map((fields, i) => ({
      id: stableUuid(`record:acme:kitchen-sink:${i}`),
      createdAt: iso(BASE_MS + 2 * MINUTE + i * 1000),
      fields,
    })),
  );
}

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

function seedColumnNames(db: WorkspaceDb): void {
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

function seedTeam(db: WorkspaceDb): void {
  const t = 'team';
  const table = createUserTable(db, {
    id: TABLE_IDS.team,
    aliasId: aliasOf(TABLE_IDS.team),
    workspaceId: WORKSPACES.acme.id,
    name: 'Team',
    description: 'A handful of records: one page at any limit.',
    createdAt: iso(BASE_MS + 5 * MINUTE),
    columns: [
      column(t, { name: 'name', type: 'TEXT', isPrimary: true }),
      column(t, {
        name: 'role',
        type: 'SELECT',
        settings: { options: ['Engineer', 'Support', 'Sales', 'Founder'] },
      }),
      column(t, { name: 'email', type: 'EMAIL' }),
      column(t, { name: 'started', type: 'DATETIME' }),
      // The user or bot id each member has on tasks and projects: the demo's people
      // directory (DEMO_PEOPLE_SOURCE, named by the demo's config.json).
      column(t, { name: 'member_id', type: 'TEXT' }),
    ],
  });
  const people: [string, string, string, string, string][] = [
    ['Wile E. Coyote', 'Founder', 'wile@acme.example', '2019-04-01T08:00:00.000Z', USER_IDS[0]],
    ['Road Runner', 'Sales', 'beep@acme.example', '2020-06-15T08:00:00.000Z', USER_IDS[1]],
    ['Marvin', 'Engineer', 'marvin@acme.example', '2021-01-04T08:00:00.000Z', BOT_IDS[0]],
    ['Daffy', 'Support', 'daffy@acme.example', '2023-09-01T08:00:00.000Z', USER_IDS[2]],
    ['Porky', 'Support', 'porky@acme.example', '2024-02-12T08:00:00.000Z', BOT_IDS[1]],
  ];
  insertRecords(
    db,
    table,
    people.map(([name, role, email, started, member_id], i) => ({
      id: stableUuid(`record:acme:team:${i}`),
      createdAt: iso(BASE_MS + 5 * MINUTE + i * 1000),
      fields: { name, role, email, started, member_id },
    })),
  );
}

/**
 * The people directory the demo's config.json names (docs/deployment.md, `people`): Team's
 * `member_id` holds the ids of acme's users and bots, `name` their names.
 */
export const DEMO_PEOPLE_SOURCE = {
  table: TABLE_IDS.team,
  idColumn: 'member_id',
  nameColumn: 'name',
} as const;

/** Questions of the Survey responses table: a table far wider than any screen. */
export const SURVEY_QUESTION_COUNT = 80;
export const SURVEY_RESPONSE_COUNT = 600;
const SURVEY_ANSWERS = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'];

function surveyQuestionName(q: number): string {
  return `Q${String(q + 1).padStart(2, '0')}`;
}

function seedSurvey(db: WorkspaceDb): void {
  const prng = new Prng(707);
  const t = 'survey';
  // Every fourth question a score, every fourth a yes/no, every fourth a comment, the rest
  // a scale: one table with each kind of cell across a width no screen shows at once.
  const kindOf = (q: number) => (['SELECT', 'NUMBER', 'BOOLEAN', 'TEXT'] as const)[q % 4];
  const questions = Array.from({ length: SURVEY_QUESTION_COUNT }, (_, q) => {
    const kind = kindOf(q) ?? 'SELECT';
    return column(t, {
      name: surveyQuestionName(q),
      type: kind,
      ...(kind === 'SELECT' ? { settings: { options: SURVEY_ANSWERS } } : {}),
    });
  });
  const table = createUserTable(
    db,
    {
      id: TABLE_IDS.survey,
      aliasId: aliasOf(TABLE_IDS.survey),
      workspaceId: WORKSPACES.acme.id,
      name: 'Survey responses',
      description: `${SURVEY_QUESTION_COUNT} questions a response: a table wider than any screen.`,
      createdAt: iso(BASE_MS + 7 * MINUTE),
      columns: [
        column(t, { name: 'respondent', type: 'TEXT', isPrimary: true }),
        column(t, { name: 'answered_at', type: 'DATETIME' }),
        ...questions,
      ],
    },
    // Indexed once the rows are in: far cheaper than updating ~300 indexes on every insert.
    { deferIndexes: true },
  );
  const records: RecordInput[] = [];
  for (let i = 0; i < SURVEY_RESPONSE_COUNT; i++) {
    const created = BASE_MS + 7 * MINUTE + i * 1000;
    const fields: Record<string, unknown> = {
      respondent: `Respondent ${i + 1}`,
      answered_at: iso(created + prng.int(0, 60 * 24 * 30) * MINUTE),
    };
    for (let q = 0; q < SURVEY_QUESTION_COUNT; q++) {
      // About one answer in ten is skipped: empty cells are part of any survey.
      if (prng.chance(0.1)) continue;
      const kind = kindOf(q);
      fields[surveyQuestionName(q)] =
        kind === 'SELECT'
          ? prng.pick(SURVEY_ANSWERS)
          : kind === 'NUMBER'
            ? prng.int(0, 10)
            : kind === 'BOOLEAN'
              ? prng.chance(0.5)
              : sentence(prng, prng.int(2, 8));
    }
    records.push({ id: stableUuid(`record:acme:survey:${i}`), createdAt: iso(created), fields });
  }
  insertRecords(db, table, records);
  createRecordIndexes(db, table);
}

function seedOrders(
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

function seedGlobexTables(db: WorkspaceDb): void {
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

export const ACME_SKILL_COUNT = 120;
export const GLOBEX_SKILL_COUNT = 12;
export const HOSTILE_SKILL_ID = stableUuid('skill:acme:hostile');

export function skillIdOf(workspace: 'acme' | 'globex', index: number): string {
  return stableUuid(`skill:${workspace}:${index}`);
}

function seedSkills(db: WorkspaceDb): void {
  const prng = new Prng(606);
  const insert = db.sqlite.prepare(
    `INSERT INTO skills (id, alias_id, workspace_id, name, description, content_text, linked_entities,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const add = (workspace: 'acme' | 'globex', index: number) => {
    const id = skillIdOf(workspace, index);
    const name = workspace === 'acme' ? skillNameOf(index) : `Globex: ${skillNameOf(index + 3)}`;
    const created = BASE_MS + 20 * MINUTE + index * 7 * MINUTE;
    const linked = prng.chance(0.5)
      ? JSON.stringify([
          workspace === 'acme'
            ? { type: 'table', id: TABLE_IDS.customers, label: 'Customers' }
            : { type: 'table', id: TABLE_IDS.shipments, label: 'Shipments' },
          ...(prng.chance(0.5)
            ? [
                {
                  type: 'project',
                  id: workspace === 'acme' ? PROJECT_IDS.acmeSupport : PROJECT_IDS.globexLogistics,
                  label: null,
                },
              ]
            : []),
        ])
      : null;
    insert.run(
      id,
      aliasOf(id),
      WORKSPACES[workspace].id,
      name,
      index % 9 === 8 ? null : `How to ${name.toLowerCase()}, step by step.`,
      skillMarkdownOf(name, prng),
      linked,
      iso(created),
      iso(created + prng.int(0, 20) * DAY),
    );
  };
  for (let i = 0; i < ACME_SKILL_COUNT; i++) add('acme', i);
  for (let i = 0; i < GLOBEX_SKILL_COUNT; i++) add('globex', i);
  insert.run(
    HOSTILE_SKILL_ID,
    aliasOf(HOSTILE_SKILL_ID),
    WORKSPACES.acme.id,
    'Embed the status widget <script>alert(1)</script>',
    'Its Markdown holds raw <script> and <img onerror> HTML: render as text.',
    HOSTILE_SKILL_MARKDOWN,
    JSON.stringify([
      { type: 'page', id: stableUuid('page:acme:0'), label: '<img src=x onerror=alert(1)>' },
    ]),
    iso(BASE_MS + 20 * MINUTE + ACME_SKILL_COUNT * 7 * MINUTE),
    iso(BASE_MS + 20 * MINUTE + ACME_SKILL_COUNT * 7 * MINUTE),
  );
}

export const USER_IDS: [string, string, string] = [
  stableUuid('user:acme:1'),
  stableUuid('user:acme:2'),
  stableUuid('user:acme:3'),
];
export const BOT_IDS: [string, string] = [stableUuid('bot:acme:1'), stableUuid('bot:acme:2')];
const TASK_STATUSES = ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

/** Tasks cycling through every status, priority, project and assignee kind. */
const CYCLED_TASK_COUNT = 80;
/** Extra backlog tasks, so one board column and one status filter span several pages. */
export const BACKLOG_TRIAGE_COUNT = 120;
export const ACME_TASK_COUNT = CYCLED_TASK_COUNT + BACKLOG_TRIAGE_COUNT + 1;
export const HOSTILE_TASK_ID = stableUuid('task:acme:hostile');

/** Pages of the generated tree, then the four odd ones (two orphans, a two-page cycle). */
const TREE_PAGE_COUNT = 30;
export const ACME_PAGE_COUNT = TREE_PAGE_COUNT + 5;
export const PAGE_IDS = {
  handbook: stableUuid('page:acme:0'),
  /** Its parent_page_id names a page that does not exist. */
  orphan: stableUuid('page:acme:orphan'),
  /** Its parent_page_id names a globex page: missing as far as an acme key can tell. */
  foreignParent: stableUuid('page:acme:foreign-parent'),
  /** cycleA's parent is cycleB and cycleB's is cycleA. */
  cycleA: stableUuid('page:acme:cycle-a'),
  cycleB: stableUuid('page:acme:cycle-b'),
  hostile: stableUuid('page:acme:hostile'),
} as const;

/**
 * Parent of tree page i (i > 0): every fourth page hangs under the Handbook, the page after
 * it under that one, and the page after that one level deeper still (four levels in all);
 * the rest are roots.
 */
export function treeParentOf(i: number): number | null {
  if (i === 0) return null;
  if (i % 4 === 0) return 0;
  if (i % 4 === 1 && i >= 5) return i - 1;
  if (i % 4 === 2 && i >= 6) return i - 1;
  return null;
}

function seedTasksAndPages(db: WorkspaceDb): void {
  const prng = new Prng(707);
  const insertTask = db.sqlite.prepare(
    `INSERT INTO tasks (id, workspace_id, name, status, priority, project_id, assignee_user_id,
       assignee_bot_id, due_at, event_at, body_md, output_md, decision, decision_reason, tags,
       start_at, created_at, updated_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  interface TaskSeed {
    id: string;
    workspace: 'acme' | 'globex';
    /** Minutes after the first task's created_at: the list order. */
    slot: number;
    name: string;
    status: (typeof TASK_STATUSES)[number];
    priority: (typeof PRIORITIES)[number];
    project: string | null;
    assignee: 'user' | 'bot' | null;
    prng: Prng;
  }
  const addTask = (task: TaskSeed) => {
    const { prng: random, status } = task;
    const created = BASE_MS + 30 * MINUTE + task.slot * 11 * MINUTE;
    const users = task.workspace === 'acme' ? USER_IDS : [stableUuid('user:globex:1')];
    const bots = task.workspace === 'acme' ? BOT_IDS : [stableUuid('bot:globex:1')];
    const started = status !== 'backlog' && status !== 'todo';
    const finished = status === 'in_review' || status === 'done';
    // Decisions are made on work that was reviewed: approved when done, declined when
    // cancelled, sometimes pending (null) while in review.
    const decision =
      status === 'done'
        ? 'approved'
        : status === 'cancelled'
          ? 'rejected'
          : status === 'in_review' && random.chance(0.5)
            ? 'changes_requested'
            : null;
    insertTask.run(
      task.id,
      WORKSPACES[task.workspace].id,
      task.name,
      status,
      task.priority,
      task.project,
      task.assignee === 'user' ? random.pick(users) : null,
      task.assignee === 'bot' ? random.pick(bots) : null,
      random.chance(0.6) ? iso(BASE_MS + random.int(1, 60) * DAY) : null,
      random.chance(0.2) ? iso(BASE_MS + random.int(1, 60) * DAY + 14 * 60 * MINUTE) : null,
      taskBodyMarkdown(task.name, random),
      finished ? taskOutputMarkdown(task.name, random) : null,
      decision,
      decision === null
        ? null
        : random.pick([
            'Matches what the customer asked for.',
            'Numbers checked against the ledger.',
            'Out of scope for this quarter.',
            'Needs a second look at the totals.',
          ]),
      JSON.stringify(random.subset(['urgent', 'customer', 'internal', 'bug'], 0.3)),
      started ? iso(created + 6 * 60 * MINUTE) : null,
      iso(created),
      iso(created + DAY),
      status === 'done' ? iso(created + 2 * DAY) : null,
    );
  };
  const taskName = (i: number) =>
    `${prng.pick(['Call', 'Email', 'Fix', 'Write', 'Check', 'Plan'])} ${prng.pick(['invoice', 'checkout bug', 'supplier', 'landing page', 'refund', 'report'])} #${i + 1}`;
  const acmeProjects = [
    PROJECT_IDS.acmeWebsite,
    PROJECT_IDS.acmeSupport,
    PROJECT_IDS.acmeWarehouse,
    null,
  ];
  const assignees = ['user', 'bot', null] as const;
  for (let i = 0; i < CYCLED_TASK_COUNT; i++) {
    addTask({
      id: stableUuid(`task:acme:${i}`),
      workspace: 'acme',
      slot: i,
      name: taskName(i),
      status: TASK_STATUSES[i % TASK_STATUSES.length] ?? 'todo',
      priority: PRIORITIES[i % PRIORITIES.length] ?? 'low',
      project: acmeProjects[i % acmeProjects.length] ?? null,
      assignee: assignees[i % assignees.length] ?? null,
      prng,
    });
  }
  addTask({
    id: HOSTILE_TASK_ID,
    workspace: 'acme',
    slot: CYCLED_TASK_COUNT,
    name: 'Review <img src=x onerror=alert(1)> widget',
    status: 'in_review',
    priority: 'urgent',
    project: PROJECT_IDS.acmeWebsite,
    assignee: 'bot',
    prng,
  });
  db.sqlite
    .prepare('UPDATE tasks SET body_md = ?, output_md = ?, decision_reason = ? WHERE id = ?')
    .run(HOSTILE_MARKDOWN, HOSTILE_MARKDOWN, '<script>alert("reason")</script>', HOSTILE_TASK_ID);
  // Its own stream: the triage tasks never shift the cycled ones.
  const triage = new Prng(708);
  for (let j = 0; j < BACKLOG_TRIAGE_COUNT; j++) {
    addTask({
      id: stableUuid(`task:acme:triage:${j}`),
      workspace: 'acme',
      slot: CYCLED_TASK_COUNT + 1 + j,
      name: `Triage inbox item ${j + 1}`,
      status: 'backlog',
      priority: PRIORITIES[j % PRIORITIES.length] ?? 'low',
      project: j % 2 === 0 ? PROJECT_IDS.acmeSupport : null,
      assignee: j % 3 === 0 ? 'bot' : j % 3 === 1 ? 'user' : null,
      prng: triage,
    });
  }
  for (let i = 0; i < 10; i++) {
    addTask({
      id: stableUuid(`task:globex:${i}`),
      workspace: 'globex',
      slot: i,
      name: taskName(i),
      status: TASK_STATUSES[i % TASK_STATUSES.length] ?? 'todo',
      priority: PRIORITIES[i % PRIORITIES.length] ?? 'low',
      project: PROJECT_IDS.globexLogistics,
      assignee: assignees[i % assignees.length] ?? null,
      prng,
    });
  }

  const insertPage = db.sqlite.prepare(
    `INSERT INTO pages (id, alias_id, workspace_id, name, icon, project_id, parent_page_id, is_public,
       description, content_text, cover_image_url, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  interface PageSeed {
    id: string;
    workspace: 'acme' | 'globex';
    slot: number;
    name: string;
    project: string | null;
    parent: string | null;
    isPublic: boolean;
    cover: string | null;
    content?: string;
  }
  const addPage = (page: PageSeed) => {
    const created = BASE_MS + 40 * MINUTE + page.slot * 13 * MINUTE;
    insertPage.run(
      page.id,
      aliasOf(page.id),
      WORKSPACES[page.workspace].id,
      page.name,
      prng.pick(['📘', '📦', '🧾', null]),
      page.project,
      page.parent,
      page.isPublic ? 1 : 0,
      prng.chance(0.7) ? sentence(prng, 8) : null,
      page.content ?? pageMarkdown(page.name, prng),
      page.cover,
      iso(created),
      iso(created + prng.int(0, 10) * DAY),
    );
  };
  const pageProjects = [PROJECT_IDS.acmeSupport, PROJECT_IDS.acmeWebsite, PROJECT_IDS.acmeQ4, null];
  const pageName = (i: number) =>
    i === 0
      ? 'Handbook'
      : `${prng.pick(['How we', 'Why we', 'When to'])} ${prng.pick(['ship', 'refund', 'hire', 'write', 'plan'])} (${i})`;
  const coverOf = (i: number) =>
    i % 3 === 0 ? `https://picsum.photos/seed/acme-page-${i}/1200/300` : null;
  for (let i = 0; i < TREE_PAGE_COUNT; i++) {
    const parent = treeParentOf(i);
    addPage({
      id: stableUuid(`page:acme:${i}`),
      workspace: 'acme',
      slot: i,
      name: pageName(i),
      project: pageProjects[i % pageProjects.length] ?? null,
      parent: parent === null ? null : stableUuid(`page:acme:${parent}`),
      isPublic: i % 5 === 0,
      cover: coverOf(i),
    });
  }
  const odd: PageSeed[] = [
    {
      id: PAGE_IDS.orphan,
      name: 'Orphaned notes',
      parent: stableUuid('page:acme:deleted'),
      cover: 'http://example.com/covers/orphan.png',
    },
    {
      id: PAGE_IDS.foreignParent,
      name: 'Borrowed from Globex',
      parent: stableUuid('page:globex:0'),
      cover: 'data:image/png;base64,iVBORw0KGgo=',
    },
    { id: PAGE_IDS.cycleA, name: 'Loop A', parent: PAGE_IDS.cycleB, cover: null },
    { id: PAGE_IDS.cycleB, name: 'Loop B', parent: PAGE_IDS.cycleA, cover: null },
    {
      id: PAGE_IDS.hostile,
      name: 'Hostile page <script>alert(1)</script>',
      parent: PAGE_IDS.handbook,
      cover: 'javascript:alert(1)',
      content: HOSTILE_MARKDOWN,
    },
  ].map((page, k) => ({
    ...page,
    workspace: 'acme',
    slot: TREE_PAGE_COUNT + k,
    project: null,
    isPublic: false,
  }));
  for (const page of odd) addPage(page);
  for (let i = 0; i < 5; i++) {
    addPage({
      id: stableUuid(`page:globex:${i}`),
      workspace: 'globex',
      slot: i,
      name: i === 0 ? 'Handbook' : `Globex page (${i})`,
      project: i % 2 === 0 ? PROJECT_IDS.globexLogistics : null,
      parent: i > 0 ? stableUuid('page:globex:0') : null,
      isPublic: i % 5 === 0,
      cover: null,
    });
  }
}
