import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { TaskFilters } from '../../lib/api/types';
import { formatNumber } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { useCheckedList } from '../../lib/use-checked-list';
import { statusLabel } from './task-labels';

/** A column's page: enough cards to fill a tall screen, small enough that six load fast. */
export const BOARD_PAGE_SIZE = 25;

/**
 * One status column's tasks: its own list request (`status=<column>` plus the screen's
 * filters). The column and its tab on a phone ask with the same key, so they share one
 * request and one count.
 */
export function useBoardColumnTasks(status: string, filters: TaskFilters) {
  const client = useApiClient();
  const columnFilters = useMemo(() => ({ ...filters, status }), [filters, status]);
  const tasks = useInfiniteQuery(resourceQueries.taskList(client, columnFilters, BOARD_PAGE_SIZE));
  const checked = useCheckedList(tasks.data, LIST_NOUNS.tasks);
  return { tasks, ...checked };
}

/**
 * On a phone the board shows one status column at a time: these buttons (each status with
 * its count) say which one is on screen and bring another into view. A swipe moves between
 * columns too, and the buttons follow.
 */
export function BoardStatusTabs({
  statuses,
  filters,
  shown,
  onShow,
}: {
  statuses: readonly string[];
  filters: TaskFilters;
  /** The index of the column on screen. */
  shown: number;
  onShow: (index: number) => void;
}) {
  const t = useT();
  const navRef = useRef<HTMLElement>(null);
  // The shown status's button scrolled into the row's view (only the row: the page stays).
  useEffect(() => {
    const nav = navRef.current;
    const button = nav?.querySelectorAll<HTMLElement>('button')[shown];
    if (!nav || !button) return;
    const left = button.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft) nav.scrollLeft = left;
    else if (left + button.offsetWidth > nav.scrollLeft + nav.clientWidth)
      nav.scrollLeft = left + button.offsetWidth - nav.clientWidth;
  }, [shown]);
  return (
    <nav
      ref={navRef}
      aria-label={t('tasks.board.statuses')}
      // The row scrolls inside itself when six statuses don't fit; the page never does.
      className="flex shrink-0 gap-1 overflow-x-auto px-4 pb-2 sm:hidden"
    >
      {statuses.map((status, index) => (
        <StatusTab
          key={status}
          status={status}
          filters={filters}
          current={index === shown}
          onShow={() => onShow(index)}
        />
      ))}
    </nav>
  );
}

function StatusTab({
  status,
  filters,
  current,
  onShow,
}: {
  status: string;
  filters: TaskFilters;
  current: boolean;
  onShow: () => void;
}) {
  const t = useT();
  const { tasks, items } = useBoardColumnTasks(status, filters);
  const more = tasks.hasNextPage ? 'yes' : 'no';
  return (
    <button
      type="button"
      aria-current={current ? 'true' : undefined}
      onClick={onShow}
      className={`relative inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-600 ${
        current
          ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-400 dark:text-slate-950'
          : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100'
      }`}
    >
      {statusLabel(t, status)}
      {tasks.isPending ? null : (
        <>
          <span aria-hidden="true" className="tabular-nums">
            {formatNumber(items.length)}
            {tasks.hasNextPage ? '+' : ''}
          </span>
          <span className="sr-only">, {t('tasks.board.count', { count: items.length, more })}</span>
        </>
      )}
    </button>
  );
}
