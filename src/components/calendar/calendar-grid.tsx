import { type KeyboardEvent, useRef, useState } from 'react';
import { formatDate } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import type { CalendarDay } from './calendar-dates';
import { type CalendarEntry, DayEntryList, LONG_DAY_ENTRIES } from './calendar-entry';

/** Entries a month's day shows before "+N more". */
export const MONTH_DAY_ENTRIES = 3;

const FULL_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

export interface CalendarGridProps {
  /** The grid's accessible name. */
  label: string;
  weeks: readonly (readonly CalendarDay[])[];
  /** The week's day names from its first day, long (for screen readers) and short. */
  weekdays: readonly { long: string; short: string }[];
  entriesOf: (dayKey: string) => readonly CalendarEntry[];
  todayKey: string;
  /** A month's day shows MONTH_DAY_ENTRIES, then "+N more" (its week); a week's LONG_DAY_ENTRIES, then the rest on request. */
  mode: 'month' | 'week';
  onOpen?: (id: string) => void;
  /** "+N more": show that day's week, where every entry is listed. */
  onShowDay: (day: CalendarDay) => void;
}

/**
 * A month or a week as an ARIA grid: a row of day names (column headers), then a row per
 * week of day cells, each named by its full date and marked when it is today. One Tab stop
 * (the active day); arrows move by a day or a week, Home/End to the week's ends; Tab goes
 * on into that day's entries.
 */
export function CalendarGrid({
  label,
  weeks,
  weekdays,
  entriesOf,
  todayKey,
  mode,
  onOpen,
  onShowDay,
}: CalendarGridProps) {
  const t = useT();
  const days = weeks.flat();
  const gridRef = useRef<HTMLTableElement>(null);
  const initial = Math.max(
    0,
    days.findIndex((day) => day.key === todayKey),
  );
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = Math.max(
    0,
    activeKey === null ? initial : days.findIndex((day) => day.key === activeKey),
  );

  const focusDay = (index: number) => {
    const day = days[index];
    if (!day) return;
    setActiveKey(day.key);
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${day.key}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Keys inside a day's entries are theirs (Enter on a button opens it).
    if ((event.target as HTMLElement).getAttribute('role') !== 'gridcell') return;
    const column = activeIndex % 7;
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: 7,
      ArrowUp: -7,
      Home: -column,
      End: 6 - column,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    const to = activeIndex + move;
    if (to < 0 || to >= days.length) return;
    event.preventDefault();
    focusDay(to);
  };

  return (
    // A table with the grid role: its cells are days a keyboard moves between (the ARIA grid
    // pattern), its rows weeks.
    <table
      ref={gridRef}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table, as in the APG date picker
      role="grid"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="w-full table-fixed border-collapse"
    >
      <thead>
        <tr>
          {weekdays.map((name) => (
            <th
              key={name.long}
              scope="col"
              // Day names come from Intl in the language on screen: no page translator's.
              translate="no"
              aria-label={name.long}
              className="truncate border border-slate-200 bg-slate-50 px-1 py-1 text-center text-xs font-medium text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
            >
              {name.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.key}>
            {week.map((day) => {
              const index = days.indexOf(day);
              const entries = entriesOf(day.key);
              const isToday = day.key === todayKey;
              const active = index === activeIndex;
              const fullDate = formatDate(day.date, FULL_DAY);
              return (
                <td
                  key={day.key}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: cells of an ARIA grid take roving focus
                  role="gridcell"
                  // Its name is a date from Intl, its entries are data; "+N more" is ours.
                  translate="no"
                  data-day={day.key}
                  tabIndex={active ? 0 : -1}
                  aria-current={isToday ? 'date' : undefined}
                  aria-label={
                    isToday ? t('common.calendar.todayLabel', { date: fullDate }) : fullDate
                  }
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setActiveKey(day.key);
                  }}
                  className={`border border-slate-200 p-1 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-800 ${
                    mode === 'month' ? 'h-24' : 'h-48'
                  } ${day.inMonth ? '' : 'bg-slate-50 text-slate-500 dark:bg-slate-900/50 dark:text-slate-500'}`}
                >
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span
                      aria-hidden="true"
                      // 24 px tall: the part of the day's cell that its entries don't cover is
                      // where a pointer reaches the cell itself (a target of 24 px or more).
                      className={`flex h-6 min-w-6 items-center justify-center self-start rounded-full px-1.5 text-xs tabular-nums ${
                        isToday ? 'bg-blue-600 font-semibold text-white' : ''
                      }`}
                    >
                      {day.date.getDate()}
                    </span>
                    <DayEntryList
                      entries={entries}
                      limit={mode === 'month' ? MONTH_DAY_ENTRIES : LONG_DAY_ENTRIES}
                      dayName={fullDate}
                      onOpen={onOpen}
                      onMore={mode === 'month' ? () => onShowDay(day) : undefined}
                      tabbable={active}
                      compact={mode === 'month'}
                    />
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
