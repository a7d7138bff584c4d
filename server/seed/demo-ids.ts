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
