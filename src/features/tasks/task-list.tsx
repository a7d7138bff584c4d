import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ProjectLink } from '../../components/project-link';
import { touchTall } from '../../components/touch-target';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { TaskFilters } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import { useCheckedList } from '../../lib/use-checked-list';
import { AssigneeName } from './assignee-name';
import { assigneeOf, formatDate } from './task-labels';
import { TaskPriority, TaskStatus } from './task-words';

const CELL = 'px-3 py-2 align-top';

/** Every task matching the filters, a page at a time (next_cursor) as the list scrolls. */
export function TaskList({
  filters,
  projectNameOf,
}: {
  filters: TaskFilters;
  projectNameOf: (projectId: string) => string | null;
}) {
  const t = useT();
  const client = useApiClient();
  const tasks = useInfiniteQuery(resourceQueries.taskList(client, filters));
  const { items: loaded, stoppedMessage } = useCheckedList(tasks.data, LIST_NOUNS.tasks);

  if (tasks.isPending) {
    return <LoadingIndicator label={t('tasks.loading')} failureReason={tasks.failureReason} />;
  }
  if (tasks.isError && loaded.length === 0) {
    return <ErrorPanel error={tasks.error} onRetry={() => void tasks.refetch()} />;
  }
  // An empty page may still point further (see src/lib/api/guarded-list.ts): go on to it.
  if (loaded.length === 0 && !tasks.hasNextPage && stoppedMessage === null) {
    const filtered = Boolean(filters.status || filters.projectId || filters.assignee);
    return (
      <EmptyState
        title={filtered ? t('tasks.list.noMatch.title') : t('tasks.list.empty.title')}
        description={
          filtered ? t('tasks.list.noMatch.description') : t('tasks.list.empty.description')
        }
      />
    );
  }
  return (
    <div className="px-4 pb-4 sm:px-6">
      <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t('tasks.title')}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className={CELL}>
                {t('tasks.field.task')}
              </th>
              <th scope="col" className={CELL}>
                {t('tasks.field.status')}
              </th>
              <th scope="col" className={CELL}>
                {t('tasks.field.priority')}
              </th>
              <th scope="col" className={CELL}>
                {t('tasks.field.due')}
              </th>
              <th scope="col" className={CELL}>
                {t('tasks.field.assignee')}
              </th>
              <th scope="col" className={CELL}>
                {t('tasks.field.project')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {loaded.map((task) => {
              const assignee = assigneeOf(task);
              return (
                <tr key={task.id}>
                  <td className={`${CELL} font-medium break-words`}>
                    <Link
                      to={paths.task(task.id)}
                      className={`text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 ${touchTall}`}
                      translate="no"
                    >
                      {task.name}
                    </Link>
                  </td>
                  <td className={CELL}>
                    <TaskStatus status={task.status} />
                  </td>
                  <td className={CELL}>
                    {task.priority ? <TaskPriority priority={task.priority} /> : ''}
                  </td>
                  <td className={CELL}>
                    {task.dueAt && (
                      <time dateTime={task.dueAt} translate="no">
                        {formatDate(task.dueAt)}
                      </time>
                    )}
                  </td>
                  <td className={CELL}>
                    <AssigneeName assignee={assignee} />
                  </td>
                  <td className={`${CELL} break-all`}>
                    {task.projectId ? (
                      <ProjectLink
                        projectId={task.projectId}
                        knownName={projectNameOf(task.projectId)}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <InfiniteListFooter
        list={tasks}
        label={t('tasks.list.loadMore')}
        stopped={stoppedMessage}
        className="mt-3"
      />
    </div>
  );
}
