import { formatTimestamp } from '../../lib/i18n/formats';
import type { Translate } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';

const STATUS_LABELS: Record<string, MessageKey> = {
  draft: 'projects.status.draft',
  active: 'projects.status.active',
  paused: 'projects.status.paused',
  completed: 'projects.status.completed',
  archived: 'projects.status.archived',
};

/** The API's status value in words of the language on screen, or null for one outside the contract. */
export function knownProjectStatusLabel(t: Translate, status: string | null): string | null {
  if (status === null || status === '') return t('projects.status.none');
  const key = STATUS_LABELS[status];
  return key ? t(key) : null;
}

/** A project date (`2026-03-01`, a whole day: shown in UTC so it never shifts a day). */
export function formatProjectDate(value: string | null): string | null {
  return formatTimestamp(value, { dateStyle: 'medium', timeZone: 'UTC' });
}
