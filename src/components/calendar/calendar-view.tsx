import { type ReactNode, useId, useMemo } from 'react';
import { formatDate } from '../../lib/i18n/formats';
import { useLocale, useT } from '../../lib/i18n/i18n-react';
import { formatLocaleOf } from '../../lib/i18n/locales';
import { Button } from '../button';
import { dayKeyOf, firstDayOfWeek, weekdayNames } from './calendar-dates';
import { type CalendarEntry, DayEntryList, LONG_DAY_ENTRIES } from './calendar-entry';
import { CalendarGrid } from './calendar-grid';
import { type CalendarSpan, spanOfToday, stepSpan, switchSpan, weeksOfSpan } from './calendar-span';
import { useNarrowScreen } from './use-narrow-screen';

/** On a touch screen every control is at least 44 px each way. */
const TOUCH = 'pointer-coarse:min-h-11 pointer-coarse:min-w-11';
const MONTH_TITLE: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const WEEK_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const AGENDA_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };

export interface CalendarViewProps {
  /** What the calendar shows, e.g. "Orders by ordered_at": the grid's accessible name. */
  label: string;
  span: CalendarSpan;
  onSpanChange: (span: CalendarSpan) => void;
  /** Entries by day key (`YYYY-MM-DD`), each day's in time order. */
  entriesByDay: ReadonlyMap<string, readonly CalendarEntry[]>;
  onOpen?: (id: string) => void;
  /** A phone: a list of the days that have entries instead of a grid (default: the window says). */
  narrow?: boolean;
  /** How far reading has come, under the header (a live region is the caller's). */
  status?: ReactNode;
  /** Today, for tests; else now. */
  today?: Date;
}

/**
 * A month or a week of dated entries, in the language on screen and its first day of the
 * week: previous, next and Today, a Month/Week switch, "+N more" on a crowded day (which
 * opens that day's week), today marked. On a phone the same span as an agenda: the days
 * that have entries, each with its list, nothing wider than the screen.
 */
export function CalendarView({
  label,
  span,
  onSpanChange,
  entriesByDay,
  onOpen,
  narrow: narrowChoice,
  status,
  today = new Date(),
}: CalendarViewProps) {
  const t = useT();
  const narrowScreen = useNarrowScreen();
  const narrow = narrowChoice ?? narrowScreen;
  const locale = formatLocaleOf(useLocale());
  const firstDay = firstDayOfWeek(locale);
  const weekdays = useMemo(() => weekdayNames(locale, firstDay), [locale, firstDay]);
  const { weeks } = weeksOfSpan(span, firstDay);
  const days = weeks.flat();
  const todayKey = dayKeyOf(today);
  const titleId = useId();
  const first = days[0];
  const last = days.at(-1);
  const title =
    span.mode === 'month'
      ? formatDate(new Date(span.month.year, span.month.month - 1, 1), MONTH_TITLE)
      : first && last
        ? new Intl.DateTimeFormat(locale, WEEK_DAY).formatRange(first.date, last.date)
        : '';
  const entriesOf = (key: string) => entriesByDay.get(key) ?? [];
  const week = span.mode === 'week';

  return (
    <section aria-labelledby={titleId} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-4 pb-2">
        {/* A month or week from Intl, already in the language on screen. */}
        <h2
          id={titleId}
          translate="no"
          className="mr-auto text-base font-semibold first-letter:uppercase"
        >
          {title}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            className={TOUCH}
            aria-label={t(week ? 'common.calendar.previousWeek' : 'common.calendar.previousMonth')}
            onClick={() => onSpanChange(stepSpan(span, -1, firstDay))}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <Button
            variant="secondary"
            className={TOUCH}
            onClick={() => onSpanChange(spanOfToday(span, today))}
          >
            {t('common.calendar.today')}
          </Button>
          <Button
            variant="secondary"
            className={TOUCH}
            aria-label={t(week ? 'common.calendar.nextWeek' : 'common.calendar.nextMonth')}
            onClick={() => onSpanChange(stepSpan(span, 1, firstDay))}
          >
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('common.calendar.spanLegend')}</legend>
          {(['month', 'week'] as const).map((mode) => (
            <Button
              key={mode}
              variant={span.mode === mode ? 'primary' : 'secondary'}
              className={TOUCH}
              aria-pressed={span.mode === mode}
              onClick={() => {
                if (span.mode !== mode) onSpanChange(switchSpan(span, today, firstDay));
              }}
            >
              {t(mode === 'month' ? 'common.calendar.month' : 'common.calendar.week')}
            </Button>
          ))}
        </fieldset>
      </div>
      {status ? <div className="px-4 pb-2 text-sm">{status}</div> : null}
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4">
        {narrow ? (
          <CalendarAgenda
            label={label}
            days={days.filter((day) => day.inMonth)}
            entriesOf={entriesOf}
            todayKey={todayKey}
            onOpen={onOpen}
          />
        ) : (
          <CalendarGrid
            label={label}
            weeks={weeks}
            weekdays={weekdays}
            entriesOf={entriesOf}
            todayKey={todayKey}
            mode={span.mode}
            onOpen={onOpen}
            onShowDay={(day) => onSpanChange({ mode: 'week', day: day.date })}
          />
        )}
      </div>
    </section>
  );
}

/** A phone's calendar: the span's days that have entries, each a heading and its list. */
function CalendarAgenda({
  label,
  days,
  entriesOf,
  todayKey,
  onOpen,
}: {
  label: string;
  days: readonly { key: string; date: Date }[];
  entriesOf: (dayKey: string) => readonly CalendarEntry[];
  todayKey: string;
  onOpen?: (id: string) => void;
}) {
  const t = useT();
  const busy = days.filter((day) => entriesOf(day.key).length > 0);
  if (busy.length === 0) {
    return (
      <p className="py-3 text-sm text-slate-600 dark:text-slate-300">
        {t('common.calendar.nothing')}
      </p>
    );
  }
  return (
    <ol aria-label={label} className="space-y-3">
      {busy.map((day) => {
        const date = formatDate(day.date, AGENDA_DAY);
        const isToday = day.key === todayKey;
        return (
          <li key={day.key} aria-current={isToday ? 'date' : undefined}>
            <h3
              className={`sticky top-0 bg-white py-1 text-sm font-semibold first-letter:uppercase dark:bg-slate-950 ${
                isToday ? 'text-blue-700 dark:text-blue-300' : ''
              }`}
            >
              {isToday ? (
                t('common.calendar.todayLabel', { date })
              ) : (
                <span translate="no">{date}</span>
              )}
            </h3>
            <DayEntryList
              entries={entriesOf(day.key)}
              limit={LONG_DAY_ENTRIES}
              dayName={date}
              onOpen={onOpen}
              tabbable
            />
          </li>
        );
      })}
    </ol>
  );
}
