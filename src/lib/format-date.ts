const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A timestamp in the reader's locale and time zone; anything unparseable is shown as sent. */
export function formatDateTime(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTimeFormat.format(time);
}
