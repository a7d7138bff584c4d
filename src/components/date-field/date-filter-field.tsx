import { useMemo } from 'react';
import { calendarDateOf, dayTextOf } from './calendar-date-text';
import { DateField } from './date-field';

/**
 * A column's date filter: the filter's text (`2026-03-01`, or whatever a link carried) in,
 * a whole day's text out ('' once every part is cleared), typed or picked from a calendar. Its own module, loaded lazily:
 * react-aria's date code is fetched only when a date column's filter is drawn.
 */
export default function DateFilterField({
  label,
  calendarLabel,
  text,
  onDay,
  onPick,
  onEscape,
  onEnter,
  onFocus,
  invalid,
  describedBy,
  className,
}: {
  label: string;
  calendarLabel: string;
  text: string;
  onDay: (text: string) => void;
  /** A day picked from the calendar: sent at once, as Enter sends a typed one. */
  onPick: (text: string) => void;
  /** False when there was nothing to clear (date-field.tsx). */
  onEscape: () => boolean;
  onEnter: () => void;
  onFocus: () => void;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}) {
  // One object per text: a new one each render would throw away parts being typed.
  const value = useMemo(() => calendarDateOf(text), [text]);
  return (
    <DateField
      label={label}
      calendarLabel={calendarLabel}
      value={value}
      onChange={(day) => onDay(day === null ? '' : dayTextOf(day))}
      onPick={(day) => onPick(dayTextOf(day))}
      onEscape={onEscape}
      onEnter={onEnter}
      onFocus={onFocus}
      invalid={invalid}
      describedBy={describedBy}
      className={className}
    />
  );
}
