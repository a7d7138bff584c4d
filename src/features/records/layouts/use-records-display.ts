import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CalendarSpan,
  calendarSpanOf,
  writeCalendarSpan,
} from '../../../components/calendar/calendar-span';
import { displayOf, type RecordsDisplay, writeDisplay } from './records-display';

/**
 * The display in the address (board or calendar, their column, the calendar's span) and
 * its setters: each change is a history entry, so Back returns to the display before, and a
 * reload or a shared link shows the same one.
 */
export function useRecordsDisplay() {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: text stands for params
  const display = useMemo(() => displayOf(params), [text]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: text stands for params
  const span = useMemo(() => calendarSpanOf(params, new Date()), [text]);
  const setDisplay = useCallback(
    (next: RecordsDisplay | null) => setParams((current) => writeDisplay(current, next)),
    [setParams],
  );
  const setSpan = useCallback(
    (next: CalendarSpan) => setParams((current) => writeCalendarSpan(current, next)),
    [setParams],
  );
  return { display, span, setDisplay, setSpan };
}
