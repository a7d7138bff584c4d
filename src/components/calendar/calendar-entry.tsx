import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import type { DatedValue } from './calendar-dates';

/** Something on a calendar: a record or a task, opened by a link or by a callback. */
export interface CalendarEntry {
  id: string;
  /** What it is called by: workspace data, never translated. */
  label: string;
  when: DatedValue;
  /** An in-app path to open it; else `onOpen` is called with its id. */
  href?: string;
}

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/** "14:30" / "2:30 PM" in the language on screen; null for a bare day. */
export function entryTimeOf(entry: CalendarEntry): string | null {
  return entry.when.hasTime ? formatDate(entry.when.instant, TIME) : null;
}

/** One entry: its time (when it has one) and its name, as a link or a button. */
export function CalendarEntryButton({
  entry,
  onOpen,
  tabbable,
  compact = false,
}: {
  entry: CalendarEntry;
  onOpen?: (id: string) => void;
  /** In the grid only the active day's entries are in the Tab order. */
  tabbable: boolean;
  /** A month's cell: one line, cut short. */
  compact?: boolean;
}) {
  const time = entryTimeOf(entry);
  const className = `flex w-full min-w-0 items-baseline gap-1 rounded px-1 text-left text-xs hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:min-h-11 dark:hover:bg-blue-950 ${
    compact ? 'min-h-6' : 'min-h-7 py-0.5'
  }`;
  const content = (
    <>
      {time ? (
        <time
          translate="no"
          dateTime={new Date(entry.when.instant).toISOString()}
          className="shrink-0 text-slate-600 tabular-nums dark:text-slate-400"
        >
          {time}
        </time>
      ) : null}
      <span dir="auto" translate="no" className={compact ? 'truncate' : 'break-words'}>
        {entry.label}
      </span>
    </>
  );
  if (entry.href !== undefined) {
    return (
      <Link to={entry.href} tabIndex={tabbable ? 0 : -1} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen?.(entry.id)}
      className={className}
    >
      {content}
    </button>
  );
}

/** Entries a week's day or an agenda's day lists before "+N more" (which then lists the rest). */
export const LONG_DAY_ENTRIES = 50;

/**
 * A day's entries up to `limit`, then "+N more": in a month it opens the day's week
 * (`onMore`); elsewhere it lists the rest in place. A crowded day (hundreds of orders)
 * draws only what a person reads first.
 */
export function DayEntryList({
  entries,
  limit,
  dayName,
  onOpen,
  onMore,
  tabbable,
  compact = false,
}: {
  entries: readonly CalendarEntry[];
  limit: number;
  /** The day's full date, for the "+N more" button's name. */
  dayName: string;
  onOpen?: (id: string) => void;
  /** Set: "+N more" calls it; unset: it shows the rest here. */
  onMore?: () => void;
  tabbable: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, limit);
  const hidden = entries.length - shown.length;
  return (
    <>
      {shown.length > 0 ? (
        <ul className="min-w-0 space-y-0.5">
          {shown.map((entry) => (
            <li key={entry.id} className="min-w-0">
              <CalendarEntryButton
                entry={entry}
                onOpen={onOpen}
                tabbable={tabbable}
                compact={compact}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button
          type="button"
          tabIndex={tabbable ? 0 : -1}
          onClick={() => (onMore ? onMore() : setAll(true))}
          aria-label={t(onMore ? 'common.calendar.moreOnDay' : 'common.calendar.showAllOnDay', {
            count: hidden,
            date: dayName,
          })}
          className="min-h-6 self-start rounded px-1 text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:min-h-11 dark:text-blue-300"
        >
          {t('common.calendar.more', { count: hidden })}
        </button>
      ) : null}
    </>
  );
}
