// Tests only (date-field.test.tsx, date-calendar.test.tsx): the date field as a filter
// holds it, and what a test reads from it.
import type { CalendarDate } from '@internationalized/date';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { calendarDateOf, dayTextOf } from './calendar-date-text';
import { DateField } from './date-field';

/**
 * A filter's day field with its calendar, keeping the day as the filter does: its text
 * (shown in an <output>) goes to `onDay` at each whole day or clearing, a day picked in the
 * calendar to `onPick` too.
 */
export function DateFieldHarness({
  initial = '',
  onDay = () => {},
  onPick = () => {},
  onEscape,
}: {
  initial?: string;
  onDay?: (text: string) => void;
  onPick?: (text: string) => void;
  onEscape?: () => boolean;
}) {
  const [text, setText] = useState(initial);
  const [value, setValue] = useState<CalendarDate | null>(() => calendarDateOf(initial));
  return (
    <>
      <DateField
        label="Filter ordered_at"
        calendarLabel="Pick a day for ordered_at"
        value={value}
        onChange={(day) => {
          setValue(day);
          const next = day === null ? '' : dayTextOf(day);
          setText(next);
          onDay(next);
        }}
        onPick={(day) => onPick(dayTextOf(day))}
        onEscape={onEscape}
      />
      <output>{text}</output>
    </>
  );
}

/** The field's parts (day, month, year), in the language's order. */
export function dateParts(): HTMLElement[] {
  return within(screen.getByRole('group', { name: 'Filter ordered_at' })).getAllByRole(
    'spinbutton',
  );
}

/** What the field shows, parts and separators, spaces aside. */
export function shownDay(): string {
  return (screen.getByRole('group', { name: 'Filter ordered_at' }).textContent ?? '').replace(
    /[\s\u2066-\u2069\u200e\u200f]/g,
    '',
  );
}

export const calendarButton = () =>
  screen.getByRole('button', { name: 'Pick a day for ordered_at' });
export const calendar = () => screen.getByRole('dialog', { name: 'Pick a day for ordered_at' });
