import { type CalendarDate, GregorianCalendar } from '@internationalized/date';
import { type KeyboardEvent, useRef } from 'react';
import { I18nProvider } from 'react-aria/I18nProvider';
import { useDateField, useDateSegment } from 'react-aria/useDateField';
import {
  type DateFieldState,
  type DateSegment,
  useDateFieldState,
} from 'react-stately/useDateFieldState';
import { useLocale } from '../../lib/i18n/i18n-react';
import { PSEUDO_LOCALE } from '../../lib/i18n/locales';

const gregorian = () => new GregorianCalendar();

export interface DateFieldProps {
  /** The accessible name: "Filter ordered_at". */
  label: string;
  value: CalendarDate | null;
  /** A whole day typed or stepped to, or null when every part was cleared. */
  onChange: (value: CalendarDate | null) => void;
  /** Escape in the field (a filter clears itself on it). */
  onEscape?: () => void;
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
 * react-aria's date field, its parts typed, stepped with ↑/↓ and moved between with ←/→.
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
  value,
  onChange,
  onEscape,
  onEnter,
  onFocus,
  invalid = false,
  describedBy,
  className = '',
  locale,
}: DateFieldProps & { locale: string }) {
  const state = useDateFieldState({
    value,
    onChange,
    locale,
    // The filters' days are Gregorian in every language we ship: the other calendar
    // systems (about half of the field's weight) are never loaded.
    createCalendar: gregorian,
    granularity: 'day',
  });
  const ref = useRef<HTMLDivElement>(null);
  const { fieldProps } = useDateField(
    {
      'aria-label': label,
      'aria-describedby': describedBy,
      onFocusChange: (focused) => {
        if (focused) onFocus?.();
      },
    },
    state,
    ref,
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: fieldProps make it a group; Escape bubbles up from its parts
    <div
      {...fieldProps}
      ref={ref}
      aria-invalid={invalid || undefined}
      // Its parts are the day itself and the language's own part names (from react-aria's
      // catalogs): a page translator rewriting them would break the field.
      translate="no"
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        fieldProps.onKeyDown?.(event);
        if (event.key === 'Escape' && onEscape) {
          event.stopPropagation();
          onEscape();
        } else if (event.key === 'Enter' && onEnter) {
          event.preventDefault();
          onEnter();
        }
      }}
      className={`flex items-center overflow-x-auto ${className}`}
    >
      {state.segments.map((segment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a locale's parts keep their order
        <Segment key={index} segment={segment} state={state} />
      ))}
    </div>
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
