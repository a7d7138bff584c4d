import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from './api/api-client-context';
import { isApiError } from './api/errors';
import { checkedListOf } from './api/guarded-list';
import { resourceQueries } from './api/resource-queries';
import { useReadableScopes } from './auth/use-readable-scopes';
import { useT } from './i18n/i18n-react';
import { shortIdOf } from './record-label';
import { useWalkToEnd } from './use-walk-to-end';

export type ProjectLabel =
  | { status: 'loading'; text: string }
  | { status: 'ready'; text: string }
  | { status: 'unavailable'; text: string; reason: string };

/**
 * A project's name for a `project_id`, from the projects list (one cache entry shared by
 * every screen: a workspace has few projects, so the list is read once, page by page only
 * while the id is not yet found). A short id while loading; the reason when the project
 * is gone or the key may not read projects.
 */
export function useProjectLabel(projectId: string): ProjectLabel {
  const t = useT();
  const client = useApiClient();
  const { canRead } = useReadableScopes();
  const readable = canRead('projects:read');
  const list = useInfiniteQuery({
    ...resourceQueries.projectList(client),
    enabled: readable,
  });
  const checked = checkedListOf(list.data);
  const project = useMemo(
    () => checked.items.find((item) => item.id === projectId || item.aliasId === projectId),
    [checked.items, projectId],
  );
  const { hasNextPage } = list;
  useWalkToEnd(list, project === undefined);

  const short = shortIdOf(projectId);
  if (!readable || (isApiError(list.error) && list.error.status === 403)) {
    return { status: 'unavailable', text: short, reason: t('common.projectLabel.forbidden') };
  }
  if (project) return { status: 'ready', text: project.name };
  if (list.isError) {
    return {
      status: 'unavailable',
      text: short,
      reason: t('common.projectLabel.failed'),
    };
  }
  if (checked.problem) {
    // The guard ended the list before its end: the project may be past where it stopped.
    return {
      status: 'unavailable',
      text: short,
      reason: t('common.projectLabel.listStopped'),
    };
  }
  if (list.isSuccess && !hasNextPage) {
    return {
      status: 'unavailable',
      text: short,
      reason: t('common.projectLabel.missing'),
    };
  }
  return { status: 'loading', text: short };
}
