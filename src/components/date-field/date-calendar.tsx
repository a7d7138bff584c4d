import { type CalendarDate, GregorianCalendar, isToday } from '@internationalized/date';
import { type ReactNode, useRef } from 'react';
import { useButton } from 'react-aria/useButton';
import { useCalendar, useCalendarCell, useCalendarGrid } from 'react-aria/useCalendar';
import {
  type CalendarProps,
  type CalendarState,
  type DateValue,
  useCalendarState,
} from 'react-stately/useCalendarState';
import { useT } from '../../lib/i18n/i18n-react';

const gregorian = () => new GregorianCalendar();

/** Its month buttons: 24 px under a mouse, 44 px on touch (decision 054). */
const monthButtonClass =
  'flex size-7 shrink-0 items-center justify-center rounded text-base text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:size-11 dark:text-slate-200 dark:hover:bg-slate-800';

function MonthButton({
  label,
  props,
  children,
}: {
  label: string;
  props: Parameters<typeof useButton>[0];
  children: ReactNode;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Our catalog's words ("Mes anterior"), not react-aria's bare "Previous".
  const { buttonProps } = useButton({ ...props, 'aria-label': label }, ref);
  return (
    <button {...buttonProps} ref={ref} type="button" className={monthButtonClass}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/**
 * A month of days to pick one from: react-aria's calendar, in the language on screen (the
 * month's name, the weekdays' letters and the week's first day are the locale's: Monday in
 * es, Sunday in en and pt-BR), moved through with the arrow keys, Page Up/Down (a month),
 * Home/End (the month's first and last day), chosen with Enter or a tap. `calendarProps`
 * come from the date picker.
 */
export function DateCalendar({
  calendarProps,
  locale,
  label,
}: {
  calendarProps: CalendarProps<DateValue>;
  locale: string;
  /** The calendar's name ("Pick a day for ordered_at"); react-aria adds the month shown. */
  label: string;
}) {
  const t = useT();
  const state = useCalendarState({ ...calendarProps, locale, createCalendar: gregorian });
  const {
    calendarProps: groupProps,
    prevButtonProps,
    nextButtonProps,
    title,
  } = useCalendar({ ...calendarProps, 'aria-label': label }, state);
  return (
    <div {...groupProps}>
      <div className="mb-1 flex items-center justify-between gap-1">
        <MonthButton label={t('common.calendar.previousMonth')} props={prevButtonProps}>
          ‹
        </MonthButton>
        <h2 className="min-w-0 truncate text-sm font-semibold" title={title}>
          {title}
        </h2>
        <MonthButton label={t('common.calendar.nextMonth')} props={nextButtonProps}>
          ›
        </MonthButton>
      </div>
      <MonthGrid state={state} />
    </div>
  );
}

function MonthGrid({ state }: { state: CalendarState }) {
  const { gridProps, headerProps, weekDays, weeksInMonth } = useCalendarGrid({}, state);
  return (
    <table {...gridProps} className="w-full table-fixed border-collapse text-center">
      <thead {...headerProps}>
        <tr>
          {weekDays.map((day, index) => (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: a locale's weekdays keep their order, and two share a letter
              key={index}
              className="pb-1 text-xs font-normal text-slate-600 dark:text-slate-400"
            >
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: weeksInMonth }, (_, week) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the weeks of the month shown
          <tr key={week}>
            {state.getDatesInWeek(week).map((date, index) =>
              date ? (
                <Day key={date.toString()} state={state} date={date} />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty place in the week
                <td key={index} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Day({ state, date }: { state: CalendarState; date: CalendarDate }) {
  const ref = useRef<HTMLDivElement>(null);
  const { cellProps, buttonProps, isSelected, isOutsideVisibleRange, formattedDate } =
    useCalendarCell({ date }, state, ref);
  const today = isToday(date, state.timeZone);
  return (
    // On touch the days touch: seven of 44 px fill a 320 px phone's calendar (date-field.tsx).
    <td {...cellProps} className="p-px pointer-coarse:p-0">
      <div
        {...buttonProps}
        ref={ref}
        hidden={isOutsideVisibleRange}
        className={`flex h-7 w-full cursor-pointer items-center justify-center rounded text-xs tabular-nums outline-none focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:h-11 ${
          isSelected
            ? 'bg-blue-600 font-semibold text-white'
            : `text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 ${
                today ? 'font-semibold underline decoration-2 underline-offset-2' : ''
              }`
        }`}
      >
        {formattedDate}
      </div>
    </td>
  );
}
