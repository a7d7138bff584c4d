import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TasksSearch } from '../../config/paths';
import type { TaskFilters } from '../../lib/api/types';

export type TasksView = 'list' | 'board' | 'calendar';

const VIEW_STORAGE_KEY = 'workspace-browser:tasks-view';

/** The last view chosen, for visits whose URL doesn't say (localStorage: not a secret). */
export function rememberedTasksView(): TasksView {
  try {
    const kept = globalThis.localStorage?.getItem(VIEW_STORAGE_KEY);
    return kept === 'list' || kept === 'calendar' ? kept : 'board';
  } catch {
    return 'board';
  }
}

function rememberTasksView(view: TasksView): void {
  try {
    globalThis.localStorage?.setItem(VIEW_STORAGE_KEY, view);
  } catch {
    // Storage blocked (private mode, sandboxed frame): the URL still holds the view.
  }
}

/**
 * The tasks screen's state lives in the URL (`view`, `status`, `project_id`, `assignee`;
 * the calendar's `month` or `week`, see task-calendar.tsx),
 * so reload, back/forward and shared links restore it; the view is also remembered for
 * the next visit to a bare `#/tasks`.
 */
export function useTasksUrlState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const viewParam = searchParams.get('view');
  const view: TasksView =
    viewParam === 'list' || viewParam === 'board' || viewParam === 'calendar'
      ? viewParam
      : rememberedTasksView();
  const status = searchParams.get('status') || null;
  const projectId = searchParams.get('project_id') || null;
  const assignee = searchParams.get('assignee') || null;
  const filters: TaskFilters = useMemo(
    () => ({ status, projectId, assignee }),
    [status, projectId, assignee],
  );

  const update = useCallback(
    (change: TasksSearch) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(change)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );

  const setView = useCallback(
    (next: TasksView) => {
      rememberTasksView(next);
      update({ view: next });
    },
    [update],
  );

  return { view, filters, setView, setFilter: update };
}
