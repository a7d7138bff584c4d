// Room calendar/: the view on a calendar by a date column. Owns the calendar (here), reading
// the days shown a request a day (use-day-reads.ts), walking the view sorted by the column
// near its ends (use-date-walk.ts), which of the two (day-reads-plan.ts), and which columns
// it can use (date-columns.ts, loaded with the grid; the rest loads when a calendar shows).
// May import api/, columns/, lib/, components/.
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import {
  firstDayOfWeek,
  type PlacedItem,
  placeOnDays,
} from '../../../components/calendar/calendar-dates';
import type { CalendarEntry } from '../../../components/calendar/calendar-entry';
import { type CalendarSpan, weeksOfSpan } from '../../../components/calendar/calendar-span';
import { CalendarView } from '../../../components/calendar/calendar-view';
import { RANGE_WALK_BOUND } from '../../../components/calendar/range-walk';
import { ErrorPanel } from '../../../components/error-panel';
import { ListStoppedNote } from '../../../components/list-stopped-note';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { formatDate } from '../../../lib/i18n/formats';
import { useLocale, useT } from '../../../lib/i18n/i18n-react';
import { formatLocaleOf } from '../../../lib/i18n/locales';
import { labelColumnOf, recordLabelOf } from '../../../lib/record-label';
import { ColumnPicker } from '../columns/column-picker';
import { dateColumnsOf } from './date-columns';
import { daysToRead, readingPlan } from './day-reads-plan';
import { type DateWalk, useDateEdges, useDateWalk } from './use-date-walk';
import { type DayReads, useDayReads } from './use-day-reads';

const REACHED: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export interface RecordsCalendarProps {
  tableId: string;
  tableName: string;
  columns: readonly Column[];
  /** What the grid asks the service for (a saved view's id included); its sort is replaced. */
  requestQuery: RecordQuery;
  /** The view's filters as shown (a saved view's included): one on the date column keeps the walk. */
  shownFilters: Record<string, string>;
  dateColumn: Column;
  onDateColumnChange: (column: string) => void;
  span: CalendarSpan;
  onSpanChange: (span: CalendarSpan) => void;
  onOpen: (record: RecordRow) => void;
  narrow: boolean;
  /** A find's matches while one is on: only they are placed (all in memory, every date). */
  found?: readonly RecordRow[] | null;
}

/**
 * A view's records on a calendar by one of its date columns: the month or week shown is
 * read day by day with the service's day filter (useDayReads), or, near either end of the
 * view's dates or where days can't be read, from the view sorted by that column
 * (useDateWalk; day-reads-plan.ts says which). The line above the calendar says how far
 * reading has come, or that it stopped at its bound with a way to go on.
 */
export function RecordsCalendar({
  tableId,
  tableName,
  columns,
  requestQuery,
  shownFilters,
  dateColumn,
  onDateColumnChange,
  span,
  onSpanChange,
  onOpen,
  narrow,
  found = null,
}: RecordsCalendarProps) {
  const t = useT();
  const locale = formatLocaleOf(useLocale());
  const { weeks, range } = weeksOfSpan(span, firstDayOfWeek(locale));
  const shownDays = weeks.flat();
  const days = daysToRead(range, {
    first: shownDays[0]?.key ?? '',
    last: shownDays.at(-1)?.key ?? '',
  });
  const labelColumn = labelColumnOf(columns);
  const fields = useMemo(
    () => [
      dateColumn.name,
      ...(labelColumn && labelColumn.name !== dateColumn.name ? [labelColumn.name] : []),
    ],
    [dateColumn.name, labelColumn],
  );
  // Days refused (or answered with other days) by the service, for this view and column.
  const viewKey = `${dateColumn.name}:${JSON.stringify(requestQuery)}`;
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const edges = useDateEdges(tableId, requestQuery, dateColumn.name).known;
  const plan =
    edges === null
      ? null
      : readingPlan({
          range,
          ...edges,
          viewFiltersDate: shownFilters[dateColumn.name] !== undefined,
          daysRefused: refusedFor === viewKey,
        });
  const walk = useDateWalk({
    tableId,
    query: requestQuery,
    dateColumn: dateColumn.name,
    fields,
    range,
    // While a find is on, its matches are placed instead: nothing of the range is read.
    enabled: plan === 'walk' && found === null,
  });
  const byDays = useDayReads({
    tableId,
    query: requestQuery,
    dateColumn: dateColumn.name,
    fields,
    days,
    enabled: plan === 'days' && found === null,
  });
  if (byDays.unusable && refusedFor !== viewKey) setRefusedFor(viewKey);
  const records = found ?? (plan === 'days' ? byDays.records : walk.records);
  const byId = useMemo(() => new Map(records.map((record) => [record.id, record])), [records]);
  const entriesByDay = useMemo(() => {
    const placed = placeOnDays(records, (record) => record.fields[dateColumn.name], range);
    const entries = new Map<string, CalendarEntry[]>();
    for (const [day, items] of placed) {
      entries.set(
        day,
        items.map(({ item, when }: PlacedItem<RecordRow>) => ({
          id: item.id,
          label: recordLabelOf(item, columns) ?? item.id,
          when,
        })),
      );
    }
    return entries;
  }, [records, dateColumn.name, range, columns]);
  const candidates = dateColumnsOf(columns);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ColumnPicker
        label={t('records.calendar.dateColumn')}
        columns={candidates}
        value={dateColumn.name}
        onChange={onDateColumnChange}
      />
      <CalendarView
        label={t('records.calendar.label', { table: tableName, column: dateColumn.name })}
        span={span}
        onSpanChange={onSpanChange}
        entriesByDay={entriesByDay}
        onOpen={(id) => {
          const record = byId.get(id);
          if (record) onOpen(record);
        }}
        narrow={narrow}
        status={
          found ? null : (
            // One live region whichever way the range is read: its words change, it stays.
            <ReadingStatus
              {...(plan === 'days'
                ? daysStatusOf(byDays, t)
                : walkStatusOf(walk, dateColumn.name, t))}
            />
          )
        }
      />
    </div>
  );
}

/** How many of the days are read, in a live region; a failure or the bound with what to do. */
function daysStatusOf(reads: DayReads, t: ReturnType<typeof useT>): ReadingStatusProps {
  const count = reads.records.length;
  const progress = { count, days: reads.days, read: reads.daysRead };
  const text =
    reads.verdict === 'done'
      ? t('records.calendar.daysDone', progress)
      : reads.verdict === 'bound'
        ? t('records.calendar.daysBound', progress)
        : t('records.calendar.daysReading', progress);
  return {
    text,
    bound: reads.verdict === 'bound',
    onGoOn: reads.goOn,
    failed: reads.verdict === 'failed' && !reads.unusable ? reads : null,
    stoppedMessage: reads.stoppedMessage,
  };
}

/** How far the walk has read, in a live region; its failure or bound with what to do. */
function walkStatusOf(
  walk: DateWalk,
  column: string,
  t: ReturnType<typeof useT>,
): ReadingStatusProps {
  const count = walk.records.length;
  const direction = walk.direction ?? 'desc';
  const date = walk.reachedInstant === null ? '' : formatDate(walk.reachedInstant, REACHED);
  const reached = walk.reachedInstant === null ? 'none' : direction;
  let text: string;
  if (walk.verdict === 'starting') text = t('records.calendar.starting', { column });
  else if (walk.verdict === 'more' || walk.verdict === 'failed')
    text = t('records.calendar.reading', { count, reached, date });
  else if (walk.verdict === 'end') text = t('records.calendar.end', { count });
  else if (walk.verdict === 'bound') text = t('records.calendar.bound', { count, reached, date });
  else text = t('records.calendar.done', { count, reached, date });
  return {
    text,
    bound: walk.verdict === 'bound',
    onGoOn: walk.goOn,
    failed: walk.verdict === 'failed' ? walk : null,
    stoppedMessage: walk.stoppedMessage,
  };
}

interface ReadingStatusProps {
  text: string;
  bound: boolean;
  onGoOn: () => void;
  failed: { error: unknown; retry: () => void } | null;
  stoppedMessage: string | null;
}

function ReadingStatus({ text, bound, onGoOn, failed, stoppedMessage }: ReadingStatusProps) {
  const t = useT();
  return (
    <div className="space-y-2">
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {text}
        {bound ? (
          <Button variant="secondary" className="ml-2 pointer-coarse:min-h-11" onClick={onGoOn}>
            {t('records.calendar.goOn', { count: RANGE_WALK_BOUND })}
          </Button>
        ) : null}
      </p>
      {failed ? <ErrorPanel error={failed.error} onRetry={failed.retry} /> : null}
      {stoppedMessage ? <ListStoppedNote message={stoppedMessage} /> : null}
    </div>
  );
}
