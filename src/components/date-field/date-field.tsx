import { type CalendarDate, GregorianCalendar, toCalendarDate } from '@internationalized/date';
import { type KeyboardEvent, useCallback, useRef } from 'react';
import { I18nProvider } from 'react-aria/I18nProvider';
import { useButton } from 'react-aria/useButton';
import { useDateField, useDateSegment } from 'react-aria/useDateField';
import { useDatePicker } from 'react-aria/useDatePicker';
import {
  type DateFieldState,
  type DateSegment,
  useDateFieldState,
} from 'react-stately/useDateFieldState';
import { useDatePickerState } from 'react-stately/useDatePickerState';
import { useLocale } from '../../lib/i18n/i18n-react';
import { PSEUDO_LOCALE } from '../../lib/i18n/locales';
import { usePopover } from '../use-floating-panel';
import { DateCalendar } from './date-calendar';
import { claimPressableStyle } from './pressable-style';

const gregorian = () => new GregorianCalendar();

/**
 * The calendar's room to the screen's edge, half the other panels': on touch its seven
 * 44 px days (308 px) take a 320 px phone's width less this on each side, its border and
 * a pixel of padding (decision 059).
 */
const CALENDAR_MARGIN = 4;

// Before the calendar's first press handler: its rule is in our stylesheet, not inline.
claimPressableStyle();

export interface DateFieldProps {
  /** The accessible name: "Filter ordered_at". */
  label: string;
  value: CalendarDate | null;
  /** A whole day typed or stepped to, or null when every part was cleared. */
  onChange: (value: CalendarDate | null) => void;
  /** The calendar button's and the calendar's name: "Pick a day for ordered_at". */
  calendarLabel: string;
  /** A day picked from the calendar (after `onChange`): a whole answer, no more typing. */
  onPick?: (value: CalendarDate) => void;
  /**
   * Escape in the field (a filter clears itself on it). False when there was nothing to do:
   * the Escape then goes on to whatever holds the field (a sheet closes on it).
   */
  onEscape?: () => boolean;
  /** Enter in the field (a filter sends its day at once). */
  onEnter?: () => void;
  /** Focus coming into the field from outside it. */
  onFocus?: () => void;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

/**
 * A day in the order and with the part names of the language on screen (dd/mm/aaaa on a
 * Spanish page, mm/dd/yyyy in English), whatever the browser's or the phone's own settings:
 * react-aria's date picker, its parts typed, stepped with ↑/↓ and moved between with ←/→,
 * or a day picked from its calendar (a popover placed by Floating UI, decision 054).
 */
export function DateField(props: DateFieldProps) {
  const appLocale = useLocale();
  // The pseudo-locale reads dates as English does.
  const locale = appLocale === PSEUDO_LOCALE ? 'en' : appLocale;
  return (
    <I18nProvider locale={locale}>
      <LocalDateField {...props} locale={locale} />
    </I18nProvider>
  );
}

function LocalDateField({
  label,
  calendarLabel,
  value,
  onChange,
  onPick,
  onEscape,
  onEnter,
  onFocus,
  invalid = false,
  describedBy,
  className = '',
  locale,
}: DateFieldProps & { locale: string }) {
  const picker = useDatePickerState({ value, onChange, granularity: 'day' });
  const groupRef = useRef<HTMLDivElement>(null);
  const { groupProps, fieldProps, buttonProps, dialogProps, calendarProps } = useDatePicker(
    {
      'aria-label': label,
      'aria-describedby': describedBy,
      granularity: 'day',
      onFocusChange: (focused) => {
        if (focused) onFocus?.();
      },
    },
    picker,
    groupRef,
  );
  const state = useDateFieldState({
    ...fieldProps,
    locale,
    // The filters' days are Gregorian in every language we ship: the other calendar
    // systems (about half of the field's weight) are never loaded.
    createCalendar: gregorian,
  });
  const fieldRef = useRef<HTMLDivElement>(null);
  const { fieldProps: partsProps } = useDateField(fieldProps, state, fieldRef);

  // The picker's state is a new object each render; its newest setOpen closes the calendar.
  const pickerRef = useRef(picker);
  pickerRef.current = picker;
  const close = useCallback(() => pickerRef.current.setOpen(false), []);
  const { rootRef, openerRef, panelRef, panelStyle } = usePopover({
    open: picker.isOpen,
    onClose: close,
    placement: 'bottom-end',
    margin: CALENDAR_MARGIN,
  });
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const buttonElement = useCallback(
    (node: HTMLButtonElement | null) => {
      buttonRef.current = node;
      openerRef(node);
    },
    [openerRef],
  );
  const { buttonProps: calendarButtonProps } = useButton(
    // Named by our catalog alone ("Pick a day for ordered_at"), not react-aria's "Calendar"
    // followed by the field's name.
    { ...buttonProps, 'aria-label': calendarLabel, 'aria-labelledby': undefined },
    buttonRef,
  );

  return (
    <div ref={rootRef} className="min-w-0">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: groupProps make it a group; Escape and Enter bubble up from its parts */}
      <div
        {...groupProps}
        ref={groupRef}
        // Named by its aria-label alone ("Filter ordered_at"): react-aria also points
        // aria-labelledby at the group itself, which getByLabel-style lookups read as the
        // group's text (its parts) rather than its name.
        aria-labelledby={undefined}
        aria-invalid={invalid || undefined}
        onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
          groupProps.onKeyDown?.(event);
          // The calendar's button keeps its own keys (Enter opens it).
          if (event.target === buttonRef.current) return;
          if (event.key === 'Escape') {
            // The field's Escape, not also a close request for a <dialog> holding it.
            if (onEscape?.() === true) {
              event.preventDefault();
              event.stopPropagation();
            }
          } else if (event.key === 'Enter' && onEnter) {
            event.preventDefault();
            onEnter();
          }
        }}
        className={`flex items-center gap-0.5 ${className}`}
      >
        <div
          {...partsProps}
          ref={fieldRef}
          // Its parts are the day itself and the language's own part names (from
          // react-aria's catalogs): a page translator rewriting them would break the field.
          translate="no"
          className="flex min-w-0 flex-1 items-center overflow-x-auto"
        >
          {state.segments.map((segment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a locale's parts keep their order
            <Segment key={index} segment={segment} state={state} />
          ))}
        </div>
        <button
          {...calendarButtonProps}
          ref={buttonElement}
          type="button"
          title={calendarLabel}
          className="-my-px flex size-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 pointer-coarse:size-11 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-slate-100"
        >
          <CalendarIcon />
        </button>
      </div>
      {picker.isOpen ? (
        // Outside the group: the calendar's keys are its own, not the field's Escape and Enter.
        <div
          ref={panelRef}
          style={panelStyle}
          id={dialogProps.id}
          role="dialog"
          aria-label={calendarLabel}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Not the filter's Escape (it would clear the day), nor a sheet's (it would close it).
            event.stopPropagation();
            event.preventDefault();
            close();
            buttonRef.current?.focus();
          }}
          className="z-30 w-64 overflow-auto rounded border border-slate-300 bg-white p-2 text-slate-900 shadow-lg pointer-coarse:w-[20.25rem] pointer-coarse:px-px dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DateCalendar
            calendarProps={{
              ...calendarProps,
              onChange: (day) => {
                calendarProps.onChange?.(day);
                // The picked day is the whole answer: back on the button, as after Escape.
                if (day) onPick?.(toCalendarDate(day));
                buttonRef.current?.focus();
              },
            }}
            locale={locale}
            label={calendarLabel}
          />
        </div>
      ) : null}
    </div>
  );
}

/** A calendar page, drawn: no glyph every font has reads as a calendar. */
function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" />
    </svg>
  );
}

function Segment({ segment, state }: { segment: DateSegment; state: DateFieldState }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { segmentProps } = useDateSegment(segment, state, ref);
  return (
    <span
      {...segmentProps}
      ref={ref}
      className={`shrink-0 rounded-sm px-px tabular-nums outline-none focus:bg-blue-600 focus:text-white ${
        segment.type === 'literal'
          ? 'text-slate-500 dark:text-slate-400'
          : 'pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:items-center pointer-coarse:justify-center'
      } ${segment.isPlaceholder ? 'text-slate-500 dark:text-slate-400' : ''}`}
    >
      {segment.text}
    </span>
  );
}
