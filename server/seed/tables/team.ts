import { stableUuid } from '../../db/ids';
import { createUserTable, insertRecords } from '../../db/user-tables';
import type { WorkspaceDb } from '../../db/workspace-db';
import { BOT_IDS, TABLE_IDS, USER_IDS, WORKSPACES } from '../demo-ids';
import { BASE_MS, iso, MINUTE } from '../demo-time';
import { aliasOf, column } from '../seed-helpers';

/** acme's Team table: the demo's people directory. */

/**
 * The people directory the demo's config.json names (docs/deployment.md, `people`): Team's
 * `member_id` holds the ids of acme's users and bots, `name` their names.
 */
export const DEMO_PEOPLE_SOURCE = {
  table: TABLE_IDS.team,
  idColumn: 'member_id',
  nameColumn: 'name',
} as const;

export function seedTeam(db: WorkspaceDb): void {
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
