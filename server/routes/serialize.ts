import type { CursorPosition } from '../db/cursor';
import type { ResourceKind, Row } from '../db/resources';
import { invalidCursor } from '../http/params';

/**
 * The contract's object shapes (§3) from stored rows. Fields are listed explicitly so a
 * column added to storage never leaks into a response by accident.
 */
export const LIST_FIELDS: Record<ResourceKind, string[]> = {
  tables: ['id', 'alias_id', 'name', 'description', 'project_id', 'created_at', 'updated_at'],
  skills: ['id', 'alias_id', 'name', 'description', 'created_at', 'updated_at'],
  tasks: [
    'id',
    'name',
    'status',
    'priority',
    'project_id',
    'assignee_user_id',
    'assignee_bot_id',
    'due_at',
    'event_at',
    'updated_at',
  ],
  pages: [
    'id',
    'alias_id',
    'name',
    'icon',
    'project_id',
    'parent_page_id',
    'is_public',
    'updated_at',
  ],
  projects: [
    'id',
    'alias_id',
    'name',
    'description',
    'icon',
    'color',
    'lead_id',
    'status',
    'is_private',
    'start_date',
    'end_date',
    'target_date',
    'created_at',
    'updated_at',
  ],
};

export const DETAIL_EXTRA: Record<ResourceKind, string[]> = {
  tables: [],
  skills: ['content_text', 'linked_entities'],
  tasks: [
    'body_md',
    'output_md',
    'decision',
    'decision_reason',
    'tags',
    'start_at',
    'created_at',
    'completed_at',
  ],
  pages: ['description', 'content_text', 'cover_image_url', 'created_at'],
  projects: [],
};

const BOOLEAN_FIELDS = new Set(['is_public', 'is_private']);
const JSON_FIELDS = new Set(['linked_entities', 'tags']);

export function serializeResource(kind: ResourceKind, row: Row, detail: boolean): string {
  const fields = detail ? [...LIST_FIELDS[kind], ...DETAIL_EXTRA[kind]] : LIST_FIELDS[kind];
  const object: Record<string, unknown> = {};
  for (const field of fields) {
    const value = row[field] ?? null;
    if (BOOLEAN_FIELDS.has(field)) object[field] = value === 1;
    else if (JSON_FIELDS.has(field))
      object[field] = value === null ? null : JSON.parse(String(value));
    else object[field] = value;
  }
  return JSON.stringify(object);
}

/** Cursor position of resource lists: [created_at, id]. */
export function resourcePositionOf(raw: CursorPosition | null): [string, string] | null {
  if (raw === null) return null;
  const [createdAt, id] = raw;
  if (raw.length !== 2 || typeof createdAt !== 'string' || typeof id !== 'string') {
    throw invalidCursor();
  }
  return [createdAt, id];
}
