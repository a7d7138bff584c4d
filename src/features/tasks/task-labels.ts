import type { TaskSummary } from '../../lib/api/types';
import { formatTimestamp } from '../../lib/i18n/formats';
import type { Translate } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';

const STATUS_LABELS: Record<string, MessageKey> = {
  backlog: 'tasks.status.backlog',
  todo: 'tasks.status.todo',
  in_progress: 'tasks.status.inProgress',
  in_review: 'tasks.status.inReview',
  done: 'tasks.status.done',
  cancelled: 'tasks.status.cancelled',
};

const PRIORITY_LABELS: Record<string, MessageKey> = {
  low: 'tasks.priority.low',
  medium: 'tasks.priority.medium',
  high: 'tasks.priority.high',
  urgent: 'tasks.priority.urgent',
};

const DECISION_LABELS: Record<string, MessageKey> = {
  approved: 'tasks.decision.approved',
  changes_requested: 'tasks.decision.changesRequested',
  rejected: 'tasks.decision.rejected',
};

/** The API's status value in words of the language on screen, or null for one outside the contract. */
export function knownStatusLabel(t: Translate, status: string): string | null {
  if (status === '') return t('tasks.status.none');
  const key = STATUS_LABELS[status];
  return key ? t(key) : null;
}

/** For plain text (an option, a sentence): a status outside the contract reads as sent. */
export function statusLabel(t: Translate, status: string): string {
  return knownStatusLabel(t, status) ?? status;
}

export function knownPriorityLabel(t: Translate, priority: string): string | null {
  const key = PRIORITY_LABELS[priority];
  return key ? t(key) : null;
}

/** A known decision in words, or null (an unknown one is shown as the service sent it). */
export function decisionLabel(t: Translate, decision: string): string | null {
  const key = DECISION_LABELS[decision];
  return key ? t(key) : null;
}

export interface Assignee {
  kind: 'user' | 'bot';
  id: string;
}

/** The task's assignee; a user wins if a service ever sends both. */
export function assigneeOf(
  task: Pick<TaskSummary, 'assigneeUserId' | 'assigneeBotId'>,
): Assignee | null {
  if (task.assigneeUserId) return { kind: 'user', id: task.assigneeUserId };
  if (task.assigneeBotId) return { kind: 'bot', id: task.assigneeBotId };
  return null;
}

/** A due date as a date in the language on screen; unparseable text is shown as sent. */
export function formatDate(value: string | null): string | null {
  return formatTimestamp(value, { dateStyle: 'medium' });
}
