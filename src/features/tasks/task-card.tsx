import { Link } from 'react-router';
import { ProjectLink } from '../../components/project-link';
import { touchTall } from '../../components/touch-target';
import { paths } from '../../config/paths';
import type { TaskSummary } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import { AssigneeName } from './assignee-name';
import { assigneeOf, formatDate } from './task-labels';
import { TaskPriority } from './task-words';

const PRIORITY_CLASSES: Record<string, string> = {
  urgent: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  high: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  medium: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  low: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** One task on the board: its name (the link to it), priority, due date, assignee, project. */
export function TaskCard({ task, projectName }: { task: TaskSummary; projectName: string | null }) {
  const t = useT();
  const assignee = assigneeOf(task);
  const due = formatDate(task.dueAt);
  return (
    <article className="rounded-md border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <h3 className="font-medium break-words text-slate-900 dark:text-white">
        <Link
          to={paths.task(task.id)}
          className={`hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 ${touchTall}`}
          translate="no"
        >
          {task.name}
        </Link>
      </h3>
      <dl className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {task.priority && (
          <div className="flex gap-1">
            <dt className="sr-only">{t('tasks.field.priority')}</dt>
            <dd
              className={`rounded px-1.5 font-medium ${PRIORITY_CLASSES[task.priority] ?? PRIORITY_CLASSES.low}`}
            >
              <TaskPriority priority={task.priority} />
            </dd>
          </div>
        )}
        {due && (
          <div className="flex gap-1">
            <dt>{t('tasks.field.due')}</dt>
            <dd>
              <time dateTime={task.dueAt ?? undefined} translate="no">
                {due}
              </time>
            </dd>
          </div>
        )}
        <div className="flex gap-1">
          <dt className="sr-only">{t('tasks.field.assignee')}</dt>
          <dd>
            <AssigneeName assignee={assignee} />
          </dd>
        </div>
        {task.projectId && (
          <div className="flex gap-1">
            <dt className="sr-only">{t('tasks.field.project')}</dt>
            <dd className="min-w-0">
              <ProjectLink
                projectId={task.projectId}
                knownName={projectName}
                className={touchTall}
              />
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
