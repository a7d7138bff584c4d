/**
 * Wire → normalized shapes of tasks, pages and projects (CONTRACT §3), as lenient as the
 * rest of ./wire.ts: snake_case or camelCase, missing optional fields as null, and a
 * malformed optional field (a number where text belongs, tags that are not strings)
 * dropped rather than failing the whole list.
 */
import type { PageDetail, PageSummary, ProjectSummary, TaskDetail, TaskSummary } from './types';
import { asObject, idOf, objectOf, stringAt } from './wire';

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
  const task = asObject(value, 'task');
  const id = idOf(task, 'task');
  return {
    id,
    name: stringAt(task, 'name', 'title') ?? id,
    status: stringAt(task, 'status') ?? '',
    priority: stringAt(task, 'priority'),
    projectId: stringAt(task, 'project_id', 'projectId'),
    assigneeUserId: stringAt(task, 'assignee_user_id', 'assigneeUserId'),
    assigneeBotId: stringAt(task, 'assignee_bot_id', 'assigneeBotId'),
    dueAt: stringAt(task, 'due_at', 'dueAt'),
    eventAt: stringAt(task, 'event_at', 'eventAt'),
    updatedAt: stringAt(task, 'updated_at', 'updatedAt'),
  };
}

export function taskDetailOf(body: unknown): TaskDetail {
  const task = objectOf(body, 'task');
  const tags = task.tags;
  return {
    ...taskSummaryOf(task),
    bodyMd: stringAt(task, 'body_md', 'bodyMd'),
    outputMd: stringAt(task, 'output_md', 'outputMd'),
    decision: stringAt(task, 'decision'),
    decisionReason: stringAt(task, 'decision_reason', 'decisionReason'),
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    startAt: stringAt(task, 'start_at', 'startAt'),
    createdAt: stringAt(task, 'created_at', 'createdAt'),
    completedAt: stringAt(task, 'completed_at', 'completedAt'),
  };
}

export function pageSummaryOf(value: unknown): PageSummary {
  const page = asObject(value, 'page');
  const id = idOf(page, 'page');
  return {
    id,
    aliasId: stringAt(page, 'alias_id', 'aliasId'),
    name: stringAt(page, 'name', 'title') ?? id,
    icon: stringAt(page, 'icon'),
    projectId: stringAt(page, 'project_id', 'projectId'),
    parentPageId: stringAt(page, 'parent_page_id', 'parentPageId'),
    isPublic: booleanAt(page, 'is_public', 'isPublic'),
    updatedAt: stringAt(page, 'updated_at', 'updatedAt'),
  };
}

export function pageDetailOf(body: unknown): PageDetail {
  const page = objectOf(body, 'page');
  return {
    ...pageSummaryOf(page),
    description: stringAt(page, 'description'),
    contentText: stringAt(page, 'content_text', 'contentText', 'content'),
    coverImageUrl: stringAt(page, 'cover_image_url', 'coverImageUrl'),
    createdAt: stringAt(page, 'created_at', 'createdAt'),
  };
}

export function projectOf(value: unknown): ProjectSummary {
  const project = asObject(value, 'project');
  const id = idOf(project, 'project');
  return {
    id,
    aliasId: stringAt(project, 'alias_id', 'aliasId'),
    name: stringAt(project, 'name', 'title') ?? id,
    description: stringAt(project, 'description'),
    icon: stringAt(project, 'icon'),
    color: stringAt(project, 'color', 'colour'),
    leadId: stringAt(project, 'lead_id', 'leadId'),
    status: stringAt(project, 'status'),
    isPrivate: booleanAt(project, 'is_private', 'isPrivate'),
    startDate: stringAt(project, 'start_date', 'startDate'),
    endDate: stringAt(project, 'end_date', 'endDate'),
    targetDate: stringAt(project, 'target_date', 'targetDate'),
    createdAt: stringAt(project, 'created_at', 'createdAt'),
    updatedAt: stringAt(project, 'updated_at', 'updatedAt'),
  };
}

export function projectDetailOf(body: unknown): ProjectSummary {
  return projectOf(objectOf(body, 'project'));
}
