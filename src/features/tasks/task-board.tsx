import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { LoadingIndicator } from '../../components/loading-indicator';
import { TASK_STATUSES, type TaskFilters } from '../../lib/api/types';
import { formatNumber } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { BoardStatusTabs, useBoardColumnTasks } from './board-status-tabs';
import { TaskCard } from './task-card';
import { TaskStatus } from './task-words';

export { BOARD_PAGE_SIZE } from './board-status-tabs';

/**
 * One status column: its own list request (`status=<column>` plus the screen's filters)
 * and its own next_cursor, so a column of thousands pages without holding up the others.
 * On a phone it is as wide as the screen, one at a time; at a desk 18 rem, side by side.
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
  const headingId = useId();
  const { tasks, items: loaded, stoppedMessage } = useBoardColumnTasks(status, filters);
  const more = tasks.hasNextPage ? 'yes' : 'no';

  return (
    <section
      aria-labelledby={headingId}
      className="flex max-h-full min-h-0 w-full shrink-0 snap-start flex-col rounded-lg sm:w-72 bg-slate-100 dark:bg-slate-900/60"
    >
      <h2
        id={headingId}
        className="flex items-baseline justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-slate-800 dark:text-slate-100"
      >
        <span>
          <TaskStatus status={status} />
        </span>
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
  const boardRef = useRef<HTMLDivElement>(null);
  /** The column on screen on a phone (one at a time there). */
  const [shown, setShown] = useState(0);
  const onScroll = useCallback(() => {
    const board = boardRef.current;
    const first = board?.firstElementChild as HTMLElement | null | undefined;
    if (!board || !first) return;
    const step = first.offsetWidth + Number.parseFloat(getComputedStyle(board).columnGap || '0');
    if (step > 0) setShown(Math.round(board.scrollLeft / step));
  }, []);
  const show = useCallback((index: number) => {
    const column = boardRef.current?.children[index];
    if (!(column instanceof HTMLElement)) return;
    setShown(index);
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    column.scrollIntoView?.({
      behavior: still ? 'auto' : 'smooth',
      block: 'nearest',
      inline: 'start',
    });
  }, []);
  return (
    <>
      {statuses.length > 1 ? (
        <BoardStatusTabs statuses={statuses} filters={rest} shown={shown} onShow={show} />
      ) : null}
      {/* `relative`: screen-reader-only text in the cards is absolutely positioned; its box
          must belong to this scroller, or columns scrolled out of view widen the whole page.
          On a phone each column snaps to the board's width; a desk scrolls freely. */}
      <div
        ref={boardRef}
        onScroll={onScroll}
        className="relative flex min-h-0 flex-1 snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-4 sm:snap-none sm:px-6"
      >
        {statuses.map((status) => (
          <TaskBoardColumn
            key={status}
            status={status}
            filters={rest}
            projectNameOf={projectNameOf}
          />
        ))}
      </div>
    </>
  );
}
