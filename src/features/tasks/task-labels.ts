import type { TaskSummary } from '../../lib/api/types';
import { shortId } from '../../lib/safe-values';

const STATUS_LABELS: Record<string, string> = {
  backlog: 'Backlog',
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  done: 'Done',
  cancelled: 'Cancelled',
};

const PRIORITY_LABELS: Record<string, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** A machine word from the service as words: `changes_requested` → "Changes requested". */
export function humanize(value: string): string {
  const words = value.replaceAll('_', ' ').trim();
  return words === '' ? value : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? (status === '' ? 'No status' : humanize(status));
}

export function priorityLabel(priority: string): string {
  return PRIORITY_LABELS[priority] ?? humanize(priority);
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

/** There is no people resource in the API: an assignee is shown by kind and short id. */
export function assigneeLabel(assignee: Assignee): string {
  return `${assignee.kind === 'user' ? 'User' : 'Bot'} ${shortId(assignee.id)}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A due date as a date; unparseable text is shown as sent. */
export function formatDate(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateFormat.format(time);
}
