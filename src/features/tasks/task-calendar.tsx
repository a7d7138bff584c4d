import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { firstDayOfWeek, placeOnDays } from '../../components/calendar/calendar-dates';
import type { CalendarEntry } from '../../components/calendar/calendar-entry';
import {
  type CalendarSpan,
  calendarSpanOf,
  weeksOfSpan,
  writeCalendarSpan,
} from '../../components/calendar/calendar-span';
import { CalendarView } from '../../components/calendar/calendar-view';
import { RANGE_WALK_BOUND } from '../../components/calendar/range-walk';
import { ErrorPanel } from '../../components/error-panel';
import { ListStoppedNote } from '../../components/list-stopped-note';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { TaskFilters, TaskSummary } from '../../lib/api/types';
import { useLocale, useT } from '../../lib/i18n/i18n-react';
import { formatLocaleOf } from '../../lib/i18n/locales';
import { useCheckedList } from '../../lib/use-checked-list';
import { useWalkToEnd } from '../../lib/use-walk-to-end';

/** The largest page the tasks list gives (docs/api.md): the fewest requests for a whole walk. */
export const CALENDAR_TASKS_PAGE_SIZE = 200;

/** The calendar's span in the tasks screen's address (`month=` or `week=`), pushed to history. */
function useCalendarSpan(): [CalendarSpan, (span: CalendarSpan) => void] {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: text stands for params
  const span = useMemo(() => calendarSpanOf(params, new Date()), [text]);
  const setSpan = useCallback(
    (next: CalendarSpan) => setParams((current) => writeCalendarSpan(current, next)),
    [setParams],
  );
  return [span, setSpan];
}

/**
 * Tasks on a calendar by their due date. The tasks list can't be sorted or narrowed by
 * date (docs/api.md: oldest first; filters by status, project and assignee only), so the
 * screen's filtered list is read to its end, a bounded number of tasks at a time, and each
 * task with a due date placed on its day; the walk is cached, so moving between months
 * asks nothing more.
 */
export function TaskCalendar({ filters }: { filters: TaskFilters }) {
  const t = useT();
  const client = useApiClient();
  const locale = formatLocaleOf(useLocale());
  const [span, setSpan] = useCalendarSpan();
  const { range } = weeksOfSpan(span, firstDayOfWeek(locale));
  const tasks = useInfiniteQuery(
    resourceQueries.taskList(client, filters, CALENDAR_TASKS_PAGE_SIZE),
  );
  const { items, stoppedMessage } = useCheckedList(tasks.data, LIST_NOUNS.tasks);
  const [allowance, setAllowance] = useState(RANGE_WALK_BOUND);
  const atBound = tasks.hasNextPage && items.length >= allowance;
  const { hasNextPage } = tasks;
  useWalkToEnd(tasks, !atBound);

  const entriesByDay = useMemo(() => {
    const placed = placeOnDays(items, (task: TaskSummary) => task.dueAt, range);
    const entries = new Map<string, CalendarEntry[]>();
    for (const [day, list] of placed) {
      entries.set(
        day,
        list.map(({ item, when }) => ({
          id: item.id,
          label: item.name,
          when,
          href: paths.task(item.id),
        })),
      );
    }
    return entries;
  }, [items, range]);

  const count = items.length;
  const status = tasks.isPending
    ? t('tasks.calendar.starting')
    : atBound
      ? t('tasks.calendar.bound', { count })
      : hasNextPage
        ? t('tasks.calendar.reading', { count })
        : t('tasks.calendar.done', { count });

  return (
    <div className="flex min-h-0 flex-1 flex-col pt-1 sm:px-2">
      <CalendarView
        label={t('tasks.calendar.label')}
        span={span}
        onSpanChange={setSpan}
        entriesByDay={entriesByDay}
        status={
          <div className="space-y-2">
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {status}
              {atBound ? (
                <Button
                  variant="secondary"
                  className="ml-2 pointer-coarse:min-h-11"
                  onClick={() => setAllowance(items.length + RANGE_WALK_BOUND)}
                >
                  {t('tasks.calendar.goOn', { count: RANGE_WALK_BOUND })}
                </Button>
              ) : null}
            </p>
            {tasks.isError ? (
              <ErrorPanel
                error={tasks.error}
                onRetry={() =>
                  void (tasks.isFetchNextPageError ? tasks.fetchNextPage() : tasks.refetch())
                }
              />
            ) : null}
            {stoppedMessage ? <ListStoppedNote message={stoppedMessage} /> : null}
          </div>
        }
      />
    </div>
  );
}
