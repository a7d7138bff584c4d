import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import { TASK_STATUSES, type TaskFilters } from '../../lib/api/types';
import { formatNumber } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { useCheckedList } from '../../lib/use-checked-list';
import { TaskCard } from './task-card';
import { statusLabel } from './task-labels';

/** A column's page: enough cards to fill a tall screen, small enough that six load fast. */
export const BOARD_PAGE_SIZE = 25;

/**
 * One status column: its own list request (`status=<column>` plus the screen's filters)
 * and its own next_cursor, so a column of thousands pages without holding up the others.
 */
export function TaskBoardColumn({
  status,
  filters,
  projectNameOf,
}: {
  status: string;
  filters: TaskFilters;
  projectNameOf: (projectId: string) => string | null;
}) {
  const t = useT();
  const client = useApiClient();
  const headingId = useId();
  const columnFilters = useMemo(() => ({ ...filters, status }), [filters, status]);
  const tasks = useInfiniteQuery(resourceQueries.taskList(client, columnFilters, BOARD_PAGE_SIZE));
  const { items: loaded, stoppedMessage } = useCheckedList(tasks.data, LIST_NOUNS.tasks);
  const more = tasks.hasNextPage ? 'yes' : 'no';

  return (
    <section
      aria-labelledby={headingId}
      className="flex max-h-full min-h-0 w-72 shrink-0 flex-col rounded-lg bg-slate-100 dark:bg-slate-900/60"
    >
      <h2
        id={headingId}
        className="flex items-baseline justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-slate-800 dark:text-slate-100"
      >
        <span>{statusLabel(t, status)}</span>
        {!tasks.isPending && (
          <span className="text-xs font-normal text-slate-600 dark:text-slate-300">
            <span aria-hidden="true">
              {formatNumber(loaded.length)}
              {tasks.hasNextPage ? '+' : ''}
            </span>
            <span className="sr-only">
              , {t('tasks.board.count', { count: loaded.length, more })}
            </span>
          </span>
        )}
      </h2>
      <div className="relative min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {tasks.isPending ? (
          <LoadingIndicator label={t('tasks.loading')} failureReason={tasks.failureReason} />
        ) : tasks.isError && loaded.length === 0 ? (
          <ErrorPanel error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : loaded.length === 0 && !tasks.hasNextPage && stoppedMessage === null ? (
          <p className="px-1 py-3 text-sm text-slate-600 dark:text-slate-300">
            {t('tasks.board.emptyColumn')}
          </p>
        ) : (
          <>
            <ul className="space-y-2 empty:hidden" aria-labelledby={headingId}>
              {loaded.map((task) => (
                <li key={task.id}>
                  <TaskCard
                    task={task}
                    projectName={task.projectId ? projectNameOf(task.projectId) : null}
                  />
                </li>
              ))}
            </ul>
            <InfiniteListFooter
              list={tasks}
              label={t('tasks.board.loadMore', { status })}
              stopped={stoppedMessage}
              className="mt-2"
            />
          </>
        )}
      </div>
    </section>
  );
}

/** The board: one column per status, or only the filtered status's column. */
export function TaskBoard({
  filters,
  projectNameOf,
}: {
  filters: TaskFilters;
  projectNameOf: (projectId: string) => string | null;
}) {
  const statuses: readonly string[] = filters.status ? [filters.status] : TASK_STATUSES;
  const rest = useMemo(
    () => ({ projectId: filters.projectId, assignee: filters.assignee }),
    [filters.projectId, filters.assignee],
  );
  // `relative`: screen-reader-only text in the cards is absolutely positioned; its box must
  // belong to this scroller, or columns scrolled out of view widen the whole page.
  return (
    <div className="relative flex min-h-0 flex-1 gap-3 overflow-x-auto px-4 pb-4 sm:px-6">
      {statuses.map((status) => (
        <TaskBoardColumn
          key={status}
          status={status}
          filters={rest}
          projectNameOf={projectNameOf}
        />
      ))}
    </div>
  );
}
