import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { EntityKind, EntityRef } from '../../config/paths';
import { skillQueries } from '../../features/skills/api/skill-queries';
import { tableQueries } from '../../features/tables/api/table-queries';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import { checkedListOf } from '../../lib/api/guarded-list';
import { LIST_NOUNS, listStoppedMessage } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { Page, Scope } from '../../lib/api/types';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';
import { type Translate, useT } from '../../lib/i18n/i18n-react';
import type { PaletteGroup, PaletteItem } from './palette-search';

interface Named {
  id: string;
  name: string;
}

function groupOf(
  t: Translate,
  kind: Exclude<EntityKind, 'record'>,
  noun: (typeof LIST_NOUNS)[keyof typeof LIST_NOUNS],
  readable: boolean,
  result: {
    data: InfiniteData<Page<Named>, unknown> | undefined;
    isPending: boolean;
    error: unknown;
  },
): PaletteGroup {
  // Each item once, as far as the paging guard let the list go (a screen may have paged it).
  const list = checkedListOf(result.data);
  const items: PaletteItem[] = list.items.map((item) => ({
    ref: { kind, id: item.id } as EntityRef,
    name: item.name,
  }));
  let unavailable: string | null = null;
  if (!readable || (isApiError(result.error) && result.error.status === 403)) {
    unavailable = t('shell.palette.unreadable', { kind });
  } else if (result.error && items.length === 0) {
    unavailable = t('shell.palette.failed', { kind });
  }
  return {
    kind,
    label: t('shell.palette.group', { kind }),
    items,
    loading: readable && result.isPending && !result.error,
    unavailable,
    stopped: list.problem ? listStoppedMessage(list.problem, noun, items.length, t) : null,
  };
}

/**
 * What the palette searches: the tables, skills, tasks, pages and projects loaded so far,
 * from the same cache entries the screens use. While the palette is open, each list the
 * key may read loads its first page if no screen has yet; further pages stay as the
 * screens left them (the palette searches what is loaded).
 */
export function usePaletteSources(open: boolean): PaletteGroup[] {
  const client = useApiClient();
  const { canRead } = useReadableScopes();
  const t = useT();
  const enabledFor = (scope: Scope) => open && canRead(scope);

  const tables = useInfiniteQuery({
    ...tableQueries.list(client),
    enabled: enabledFor('tables:read'),
  });
  const skills = useInfiniteQuery({
    ...skillQueries.list(client),
    enabled: enabledFor('skills:read'),
  });
  const tasks = useInfiniteQuery({
    ...resourceQueries.taskList(client, {}),
    enabled: enabledFor('tasks:read'),
  });
  const pages = useInfiniteQuery({
    ...resourceQueries.pageList(client),
    enabled: enabledFor('pages:read'),
  });
  const projects = useInfiniteQuery({
    ...resourceQueries.projectList(client),
    enabled: enabledFor('projects:read'),
  });

  return [
    groupOf(t, 'table', LIST_NOUNS.tables, canRead('tables:read'), tables),
    groupOf(t, 'skill', LIST_NOUNS.skills, canRead('skills:read'), skills),
    groupOf(t, 'task', LIST_NOUNS.tasks, canRead('tasks:read'), tasks),
    groupOf(t, 'page', LIST_NOUNS.pages, canRead('pages:read'), pages),
    groupOf(t, 'project', LIST_NOUNS.projects, canRead('projects:read'), projects),
  ];
}
