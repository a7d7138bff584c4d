import { stableUuid } from '../db/ids';
import { createUserTable } from '../db/user-tables';
import type { WorkspaceDb } from '../db/workspace-db';
import { TABLE_IDS, WORKSPACES } from './demo-ids';
import { BASE_MS, iso, MINUTE } from './demo-time';
import { seedDemoViews } from './demo-views';
import { seedProjects } from './projects';
import { aliasOf } from './seed-helpers';
import { seedSkills } from './skills';
import { seedColumnNames } from './tables/column-names';
import { seedCustomers } from './tables/customers';
import { seedGlobexTables } from './tables/globex';
import { seedKitchenSink } from './tables/kitchen-sink';
import { seedOrders } from './tables/orders';
import { seedProducts } from './tables/products';
import { seedSurvey } from './tables/survey';
import { seedTeam } from './tables/team';
import { seedTasksAndPages } from './tasks-and-pages';

export { TEN_KB_TEXT } from './data/kitchen-sink';
// The seed's names that tests, tools and the bench read, in one place: each is defined in
// the module of what it names.
export { ORDER_STATUSES, ORDER_TAGS } from './data/orders';
export {
  BOT_IDS,
  customerIdOf,
  HOSTILE_SKILL_ID,
  HOSTILE_TASK_ID,
  PAGE_IDS,
  PROJECT_IDS,
  skillIdOf,
  TABLE_IDS,
  USER_IDS,
  WORKSPACES,
} from './demo-ids';
export { BASE_MS, iso } from './demo-time';
export { ACME_SKILL_COUNT, GLOBEX_SKILL_COUNT } from './skills';
export { STRESS_COLUMN_NAMES } from './tables/column-names';
export { SURVEY_QUESTION_COUNT, SURVEY_RESPONSE_COUNT } from './tables/survey';
export { DEMO_PEOPLE_SOURCE } from './tables/team';
export {
  ACME_PAGE_COUNT,
  ACME_TASK_COUNT,
  BACKLOG_TRIAGE_COUNT,
  treeParentOf,
} from './tasks-and-pages';

/**
 * The demo workspaces (§8), documented in docs/demo-data.md. The seed's code is here and
 * in tables/, projects.ts, skills.ts and tasks-and-pages.ts; its fixed data in data/. Deterministic: every random
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
