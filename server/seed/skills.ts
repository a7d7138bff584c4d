import { stableUuid } from '../db/ids';
import type { WorkspaceDb } from '../db/workspace-db';
import { HOSTILE_SKILL_ID, PROJECT_IDS, skillIdOf, TABLE_IDS, WORKSPACES } from './demo-ids';
import { BASE_MS, DAY, iso, MINUTE } from './demo-time';
import { Prng } from './prng';
import { aliasOf } from './seed-helpers';
import { HOSTILE_SKILL_MARKDOWN, skillMarkdownOf, skillNameOf } from './skill-content';

/** The skills of both workspaces, and the hostile one. */

export const ACME_SKILL_COUNT = 120;

export const GLOBEX_SKILL_COUNT = 12;

export function seedSkills(db: WorkspaceDb): void {
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
