const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  archived: 'Archived',
};

export function projectStatusLabel(status: string | null): string {
  if (status === null || status === '') return 'No status';
  return STATUS_LABELS[status] ?? status.replaceAll('_', ' ');
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A project date (`2026-03-01`, a whole day: shown in UTC so it never shifts a day). */
export function formatProjectDate(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateFormat.format(time);
}
