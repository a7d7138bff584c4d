import { stableUuid } from '../../db/ids';
import { PROJECT_IDS, WORKSPACES } from '../demo-ids';

/** The projects of both workspaces (data; projects.ts inserts them). */

/** [id, workspace, name, description, status, is_private, icon, color, lead]; lead indexes USER_IDS (acme) or null. */
export type ProjectSeed = [
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

const acme = WORKSPACES.acme.id;
const globex = WORKSPACES.globex.id;
export const PROJECT_SEEDS: ProjectSeed[] = [
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
