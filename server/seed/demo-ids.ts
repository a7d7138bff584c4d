import { stableUuid } from '../db/ids';

/**
 * The demo's fixed ids (docs/demo-data.md): derived from names, so every seed of every
 * size gives the same ones, and what seeds a table (demo-seed.ts) and what adds its saved
 * views (demo-views.ts) name it alike.
 */
export const WORKSPACES = {
  acme: { id: stableUuid('workspace:acme'), slug: 'acme', name: 'Acme Corp' },
  globex: { id: stableUuid('workspace:globex'), slug: 'globex', name: 'Globex Inc' },
} as const;

export const TABLE_IDS = {
  customers: stableUuid('table:acme:customers'),
  orders: stableUuid('table:acme:orders'),
  products: stableUuid('table:acme:products'),
  kitchenSink: stableUuid('table:acme:kitchen-sink'),
  columnNames: stableUuid('table:acme:column-names'),
  team: stableUuid('table:acme:team'),
  archive: stableUuid('table:acme:archive'),
  survey: stableUuid('table:acme:survey'),
  shipments: stableUuid('table:globex:shipments'),
  suppliers: stableUuid('table:globex:suppliers'),
} as const;

export const PROJECT_IDS = {
  acmeWebsite: stableUuid('project:acme:website'),
  acmeSupport: stableUuid('project:acme:support'),
  acmeWarehouse: stableUuid('project:acme:warehouse'),
  acmeQ4: stableUuid('project:acme:q4'),
  acmeLoyalty: stableUuid('project:acme:draft'),
  globexLogistics: stableUuid('project:globex:logistics'),
} as const;

export function customerIdOf(index: number): string {
  return stableUuid(`record:acme:customers:${index}`);
}

export function productIdOf(index: number): string {
  return stableUuid(`record:acme:products:${index}`);
}

export function skillIdOf(workspace: 'acme' | 'globex', index: number): string {
  return stableUuid(`skill:${workspace}:${index}`);
}

export const HOSTILE_SKILL_ID = stableUuid('skill:acme:hostile');

export const USER_IDS: [string, string, string] = [
  stableUuid('user:acme:1'),
  stableUuid('user:acme:2'),
  stableUuid('user:acme:3'),
];

export const BOT_IDS: [string, string] = [stableUuid('bot:acme:1'), stableUuid('bot:acme:2')];

export const HOSTILE_TASK_ID = stableUuid('task:acme:hostile');

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
