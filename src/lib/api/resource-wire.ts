/**
 * Wire → normalized shapes of tasks, pages and projects (CONTRACT §3), as lenient as the
 * rest of ./wire.ts: snake_case or camelCase, missing optional fields as null, and a
 * malformed optional field (a number where text belongs, tags that are not strings)
 * dropped rather than failing the whole list.
 */
import type { PageDetail, PageSummary, ProjectSummary, TaskDetail, TaskSummary } from './types';
import { namedOf, objectOf, stringAt, textFieldsOf } from './wire';

function booleanAt(object: Record<string, unknown>, ...keys: string[]): boolean {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 'true') return true;
    if (value === 0 || value === 'false') return false;
  }
  return false;
}

export function taskSummaryOf(value: unknown): TaskSummary {
  const { object: task, id, name } = namedOf(value, 'task');
  return {
    id,
    name,
    status: stringAt(task, 'status') ?? '',
    ...textFieldsOf(task, [
      'priority',
      'project_id',
      'assignee_user_id',
      'assignee_bot_id',
      'due_at',
      'event_at',
      'updated_at',
    ]),
  };
}

export function taskDetailOf(body: unknown): TaskDetail {
  const task = objectOf(body, 'task');
  const tags = task.tags;
  return {
    ...taskSummaryOf(task),
    ...textFieldsOf(task, [
      'body_md',
      'output_md',
      'decision',
      'decision_reason',
      'start_at',
      'created_at',
      'completed_at',
    ]),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
  };
}

export function pageSummaryOf(value: unknown): PageSummary {
  const { object: page, id, name } = namedOf(value, 'page');
  return {
    id,
    name,
    ...textFieldsOf(page, ['alias_id', 'icon', 'project_id', 'parent_page_id', 'updated_at']),
    isPublic: booleanAt(page, 'is_public', 'isPublic'),
  };
}

export function pageDetailOf(body: unknown): PageDetail {
  const page = objectOf(body, 'page');
  return {
    ...pageSummaryOf(page),
    ...textFieldsOf(page, ['description', 'cover_image_url', 'created_at']),
    contentText: stringAt(page, 'content_text', 'contentText', 'content'),
  };
}

export function projectOf(value: unknown): ProjectSummary {
  const { object: project, id, name } = namedOf(value, 'project');
  return {
    id,
    name,
    ...textFieldsOf(project, [
      'alias_id',
      'description',
      'icon',
      'lead_id',
      'status',
      'start_date',
      'end_date',
      'target_date',
      'created_at',
      'updated_at',
    ]),
    color: stringAt(project, 'color', 'colour'),
    isPrivate: booleanAt(project, 'is_private', 'isPrivate'),
  };
}

export function projectDetailOf(body: unknown): ProjectSummary {
  return projectOf(objectOf(body, 'project'));
}
