import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ChangesBanner } from '../../components/changes-banner';
import { paths } from '../../config/paths';
import { checkedListOf } from '../../lib/api/guarded-list';
import { queryKeys } from '../../lib/api/query-keys';
import type { TaskSummary } from '../../lib/api/types';
import { formatRelativeTime } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { formatSince } from '../../lib/visit-memory/format-since';
import { changedSince } from '../../lib/visit-memory/record-changes';
import { useScreenVisit } from '../../lib/visit-memory/visit-memory-context';
import { TASKS_SCREEN_KEY } from '../../lib/visit-memory/workspace-visit-memory';
import { isTaskPages, subscribeToTaskQueries } from './loaded-task-queries';
import { statusLabel } from './task-labels';

interface LoadedTasks {
  tasks: TaskSummary[];
  /** When the earliest of the lists on screen was fetched; null until one has shown. */
  shownAt: number | null;
}

function loadedTasksOf(queryClient: QueryClient): LoadedTasks {
  const byId = new Map<string, TaskSummary>();
  let shownAt: number | null = null;
  const lists = queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.tasks(), 'list'] });
  for (const query of lists) {
    const data = query.state.data;
    if (!isTaskPages(data) || query.state.status !== 'success') continue;
    shownAt = Math.min(shownAt ?? Number.POSITIVE_INFINITY, query.state.dataUpdatedAt);
    for (const task of checkedListOf(data).items) {
      const known = byId.get(task.id);
      // The same task in two lists: the most recently updated copy is the truth.
      if (!known || (task.updatedAt ?? '') > (known.updatedAt ?? '')) byId.set(task.id, task);
    }
  }
  return { tasks: [...byId.values()], shownAt };
}

/**
 * Every task the tasks screens have loaded (the board's columns, the list), redrawn when
 * one of those lists changes. The API has no sort for tasks: what changed is found among
 * these, not over the whole workspace.
 */
function useLoadedTasks(): LoadedTasks {
  const queryClient = useQueryClient();
  // A string of what matters, so the store only changes when the loaded tasks do: a list
  // observer mounting inside another component's render reports an event, and a new
  // snapshot then would update this component during that render.
  const signature = useSyncExternalStore(
    (onChange) => subscribeToTaskQueries(queryClient, onChange),
    () => signatureOf(loadedTasksOf(queryClient)),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` says when the loaded tasks changed.
  return useMemo(() => loadedTasksOf(queryClient), [queryClient, signature]);
}

function signatureOf({ tasks, shownAt }: LoadedTasks): string {
  return `${shownAt}\n${tasks.map((task) => `${task.id} ${task.status} ${task.updatedAt}`).join('\n')}`;
}

/**
 * "N tasks new or changed since …" above the tasks screen, with the tasks (newest first)
 * and, for a task whose earlier status the last visit saw, from which status to which.
 */
export function TaskChanges() {
  const t = useT();
  const { tasks, shownAt } = useLoadedTasks();
  const statuses = useMemo(
    () =>
      shownAt === null ? null : Object.fromEntries(tasks.map((task) => [task.id, task.status])),
    [tasks, shownAt],
  );
  const visit = useScreenVisit(TASKS_SCREEN_KEY, shownAt, statuses);
  const [expanded, setExpanded] = useState(false);
  const since = visit.since;
  const changed = useMemo(() => (since === null ? [] : changedSince(tasks, since)), [tasks, since]);
  if (since === null || changed.length === 0) return null;
  return (
    <ChangesBanner
      className="mx-4 mb-3 sm:mx-6"
      summary={t('tasks.changes.summary', { count: changed.length, ...formatSince(since) })}
      expanded={expanded}
      onToggle={() => setExpanded((open) => !open)}
      onMarkSeen={() => {
        setExpanded(false);
        visit.markSeen();
      }}
    >
      <ol aria-label={t('tasks.changes.listLabel')} className="space-y-1">
        {changed.map((task) => {
          const before = visit.previousStatuses?.[task.id];
          return (
            <li key={task.id} className="flex flex-wrap items-center gap-x-2">
              <Link
                to={paths.task(task.id)}
                translate="no"
                className="min-w-0 truncate font-medium text-blue-800 underline hover:text-blue-950 dark:text-blue-200 dark:hover:text-white"
              >
                {task.name}
              </Link>
              {before !== undefined && before !== task.status ? (
                <span>
                  {t('tasks.changes.moved', {
                    from: before,
                    to: task.status,
                    fromText: statusLabel(t, before),
                    toText: statusLabel(t, task.status),
                  })}
                </span>
              ) : null}
              {task.updatedAt ? (
                <time
                  translate="no"
                  dateTime={task.updatedAt}
                  className="text-xs text-slate-600 dark:text-slate-300"
                >
                  {formatRelativeTime(Date.parse(task.updatedAt))}
                </time>
              ) : null}
            </li>
          );
        })}
      </ol>
    </ChangesBanner>
  );
}
