import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingIndicator } from '../../components/loading-indicator';
import { MarkdownContent } from '../../components/markdown';
import { ProjectLink } from '../../components/project-link';
import { touchTall } from '../../components/touch-target';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { TaskDetail } from '../../lib/api/types';
import { formatTimestamp } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { AssigneeName } from './assignee-name';
import { assigneeOf, formatDate } from './task-labels';
import { TaskDecision, TaskPriority, TaskStatus } from './task-words';
import { useProjects } from './use-task-options';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function When({ value, dateOnly = false }: { value: string | null; dateOnly?: boolean }) {
  if (value === null) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <time dateTime={value} translate="no">
      {dateOnly ? formatDate(value) : formatTimestamp(value)}
    </time>
  );
}

function TaskView({ task, projectName }: { task: TaskDetail; projectName: string | null }) {
  const t = useT();
  const assignee = assigneeOf(task);
  return (
    <article className="space-y-6">
      <header>
        <h1
          className="text-2xl font-semibold break-words text-slate-900 dark:text-white"
          translate="no"
        >
          {task.name}
        </h1>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact term={t('tasks.field.status')}>
            <TaskStatus status={task.status} />
          </Fact>
          <Fact term={t('tasks.field.priority')}>
            {task.priority ? <TaskPriority priority={task.priority} /> : '—'}
          </Fact>
          <Fact term={t('tasks.field.assignee')}>
            <AssigneeName assignee={assignee} />
          </Fact>
          <Fact term={t('tasks.field.project')}>
            {task.projectId ? (
              <ProjectLink projectId={task.projectId} knownName={projectName} />
            ) : (
              '—'
            )}
          </Fact>
          <Fact term={t('tasks.field.due')}>
            <When value={task.dueAt} />
          </Fact>
          <Fact term={t('tasks.field.starts')}>
            <When value={task.startAt} />
          </Fact>
          {task.eventAt && (
            <Fact term={t('tasks.field.event')}>
              <When value={task.eventAt} />
            </Fact>
          )}
          <Fact term={t('tasks.field.created')}>
            <When value={task.createdAt} />
          </Fact>
          <Fact term={t('tasks.field.updated')}>
            <When value={task.updatedAt} />
          </Fact>
          <Fact term={t('tasks.field.completed')}>
            <When value={task.completedAt} />
          </Fact>
        </dl>
        {task.tags.length > 0 && (
          <ul aria-label={t('tasks.detail.tags')} className="mt-3 flex flex-wrap gap-1.5">
            {task.tags.map((tag) => (
              <li
                key={tag}
                translate="no"
                className="rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-700 dark:text-slate-100"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </header>

      <section aria-labelledby="task-decision-heading">
        <h2
          id="task-decision-heading"
          className="text-sm font-semibold text-slate-800 dark:text-slate-100"
        >
          {t('tasks.detail.decision')}
        </h2>
        {task.decision ? (
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-100">
            <span className="font-medium">
              <TaskDecision decision={task.decision} />
            </span>
            {task.decisionReason && (
              <span>
                : <span translate="no">{task.decisionReason}</span>
              </span>
            )}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('tasks.detail.noDecision')}
          </p>
        )}
      </section>

      <section aria-labelledby="task-body-heading">
        <h2
          id="task-body-heading"
          className="text-sm font-semibold text-slate-800 dark:text-slate-100"
        >
          {t('tasks.detail.description')}
        </h2>
        {task.bodyMd ? (
          <div translate="no">
            <MarkdownContent source={task.bodyMd} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('tasks.detail.noDescription')}
          </p>
        )}
      </section>

      <section aria-labelledby="task-output-heading">
        <h2
          id="task-output-heading"
          className="text-sm font-semibold text-slate-800 dark:text-slate-100"
        >
          {t('tasks.detail.output')}
        </h2>
        {task.outputMd ? (
          <div translate="no">
            <MarkdownContent source={task.outputMd} />
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t('tasks.detail.noOutput')}
          </p>
        )}
      </section>
    </article>
  );
}

/** `/tasks/:taskId`: one task, its Markdown body and output rendered. */
export function TaskDetailPage() {
  const t = useT();
  const { taskId = '' } = useParams();
  const client = useApiClient();
  const task = useQuery(resourceQueries.task(client, taskId));
  const { nameOf } = useProjects(client);

  let body: ReactNode;
  if (task.isPending) {
    body = (
      <LoadingIndicator label={t('tasks.detail.loading')} failureReason={task.failureReason} />
    );
  } else if (task.isError) {
    body =
      isApiError(task.error) && task.error.status === 404 ? (
        <EmptyState
          title={t('tasks.detail.notFound.title')}
          description={t('tasks.detail.notFound.description')}
          action={
            <Link to={paths.tasks()} className={buttonClasses('secondary')}>
              {t('tasks.detail.allTasks')}
            </Link>
          }
        />
      ) : (
        <ErrorPanel error={task.error} onRetry={() => void task.refetch()} />
      );
  } else {
    // Its Markdown is parsed off the main thread: the view shows whole once it is.
    body = (
      <Suspense fallback={<LoadingIndicator label={t('tasks.detail.loading')} />}>
        <TaskView
          task={task.data}
          projectName={task.data.projectId ? nameOf(task.data.projectId) : null}
        />
      </Suspense>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <nav aria-label={t('tasks.detail.breadcrumb')} className="mb-3 text-sm">
        <Link
          to={paths.tasks()}
          className={`text-blue-700 hover:underline dark:text-blue-300 ${touchTall}`}
        >
          ← {t('tasks.detail.allTasks')}
        </Link>
      </nav>
      {body}
    </div>
  );
}

export default TaskDetailPage;
