import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { checkedListOf } from '../../lib/api/guarded-list';
import { queryKeys } from '../../lib/api/query-keys';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { ApiClient, ProjectSummary, TaskSummary } from '../../lib/api/types';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';
import { useWalkToEnd } from '../../lib/use-walk-to-end';
import { isTaskPages, subscribeToTaskQueries } from './loaded-task-queries';
import { type Assignee, assigneeOf } from './task-labels';

/** Follows the projects list to its end: names for cards and the project filter. */
export function useProjects(client: ApiClient): {
  projects: ProjectSummary[];
  nameOf: (projectId: string) => string | null;
} {
  const { canRead } = useReadableScopes();
  const readable = canRead('projects:read');
  const query = useInfiniteQuery({ ...resourceQueries.projectList(client), enabled: readable });
  useWalkToEnd(query, !query.isError);
  const projects = useMemo(() => checkedListOf(query.data).items, [query.data]);
  const names = useMemo(() => new Map(projects.map((p) => [p.id, p.name])), [projects]);
  return { projects, nameOf: (projectId) => names.get(projectId) ?? null };
}

/**
 * The assignees of every task loaded so far on any tasks screen (the API has no people
 * list), as a stable string so the store snapshot only changes when the set does.
 */
function knownAssigneesKey(queryClient: ReturnType<typeof useQueryClient>): string {
  const keys = new Set<string>();
  for (const [, data] of queryClient.getQueriesData({ queryKey: queryKeys.tasks() })) {
    const tasks: Pick<TaskSummary, 'assigneeUserId' | 'assigneeBotId'>[] = isTaskPages(data)
      ? data.pages.flatMap((page) => page.items)
      : data && typeof data === 'object' && 'id' in data
        ? [data as TaskSummary]
        : [];
    for (const task of tasks) {
      const assignee = assigneeOf(task);
      if (assignee) keys.add(`${assignee.kind}:${assignee.id}`);
    }
  }
  return [...keys].sort().join('\n');
}

export function useKnownAssignees(): Assignee[] {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(
    // Only a change to a tasks query's data can change the answer. Observers of other
    // queries are also reported, synchronously, while a child component renders (a
    // project link mounting its lookup): reacting to those would update this component
    // during another's render.
    (onChange) => subscribeToTaskQueries(queryClient, onChange),
    () => knownAssigneesKey(queryClient),
  );
  return useMemo(
    () =>
      snapshot === ''
        ? []
        : snapshot.split('\n').map((entry) => {
            const [kind, ...id] = entry.split(':');
            return { kind: kind === 'bot' ? 'bot' : 'user', id: id.join(':') } as Assignee;
          }),
    [snapshot],
  );
}
