import type { WorkspaceDb } from '../db/workspace-db';
import { PROJECT_SEEDS } from './data/projects';
import { USER_IDS } from './demo-ids';
import { BASE_MS, DAY, iso } from './demo-time';
import { aliasOf } from './seed-helpers';

/** The projects of both workspaces, from data/projects.ts. */

export function seedProjects(db: WorkspaceDb): void {
  const insert = db.sqlite.prepare(
    `INSERT INTO projects (id, alias_id, workspace_id, name, description, icon, color, lead_id, status,
       is_private, start_date, end_date, target_date, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  PROJECT_SEEDS.forEach(
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
