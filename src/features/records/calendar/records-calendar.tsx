import { useMemo } from 'react';
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
import { type DateWalk, useDateWalk } from './use-date-walk';

/** Columns a calendar can place records by. */
export function dateColumnsOf(columns: readonly Column[]): Column[] {
  return columns.filter((column) => column.type === 'DATETIME');
}

/** The date column: the one the address names when it is one, else the first. */
export function dateColumnOf(columns: readonly Column[], named: string | null): Column | null {
  const candidates = dateColumnsOf(columns);
  return candidates.find((column) => column.name === named) ?? candidates[0] ?? null;
}

const REACHED: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export interface RecordsCalendarProps {
  tableId: string;
  tableName: string;
  columns: readonly Column[];
  /** What the grid asks the service for (a saved view's id included); its sort is replaced. */
  requestQuery: RecordQuery;
  dateColumn: Column;
  onDateColumnChange: (column: string) => void;
  span: CalendarSpan;
  onSpanChange: (span: CalendarSpan) => void;
  onOpen: (record: RecordRow) => void;
  narrow: boolean;
}

/**
 * A view's records on a calendar by one of its date columns: the month or week shown is
 * read from the view sorted by that column (useDateWalk), and the line above the calendar
 * says how far reading has come, or that it stopped at its bound with a way to go on.
 */
export function RecordsCalendar({
  tableId,
  tableName,
  columns,
  requestQuery,
  dateColumn,
  onDateColumnChange,
  span,
  onSpanChange,
  onOpen,
  narrow,
}: RecordsCalendarProps) {
  const t = useT();
  const locale = formatLocaleOf(useLocale());
  const { range } = weeksOfSpan(span, firstDayOfWeek(locale));
  const labelColumn = labelColumnOf(columns);
  const fields = useMemo(
    () => [
      dateColumn.name,
      ...(labelColumn && labelColumn.name !== dateColumn.name ? [labelColumn.name] : []),
    ],
    [dateColumn.name, labelColumn],
  );
  const walk = useDateWalk({
    tableId,
    query: requestQuery,
    dateColumn: dateColumn.name,
    fields,
    range,
  });
  const byId = useMemo(
    () => new Map(walk.records.map((record) => [record.id, record])),
    [walk.records],
  );
  const entriesByDay = useMemo(() => {
    const placed = placeOnDays(walk.records, (record) => record.fields[dateColumn.name], range);
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
  }, [walk.records, dateColumn.name, range, columns]);
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
        status={<WalkStatus walk={walk} column={dateColumn.name} />}
      />
    </div>
  );
}

/** How far the walk has read, in a live region; its failure or bound with what to do. */
function WalkStatus({ walk, column }: { walk: DateWalk; column: string }) {
  const t = useT();
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
  return (
    <div className="space-y-2">
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {text}
        {walk.verdict === 'bound' ? (
          <Button variant="secondary" className="ml-2 pointer-coarse:min-h-11" onClick={walk.goOn}>
            {t('records.calendar.goOn', { count: RANGE_WALK_BOUND })}
          </Button>
        ) : null}
      </p>
      {walk.verdict === 'failed' ? <ErrorPanel error={walk.error} onRetry={walk.retry} /> : null}
      {walk.stoppedMessage ? <ListStoppedNote message={walk.stoppedMessage} /> : null}
    </div>
  );
}
