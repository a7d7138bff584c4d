import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import { type ListKind, listStoppedMessage } from '../../lib/api/paging-guard';
import { useReadableScopes } from '../../lib/auth/use-readable-scopes';
import { formatNumber } from '../../lib/i18n/formats';
import { type Translate, useT } from '../../lib/i18n/i18n-react';
import {
  GOTO_KINDS,
  type GotoKind,
  type GotoList,
  gotoListQuery,
  MAX_ITEMS_PER_KIND,
  SCOPE_OF,
  withPeopleTerms,
} from './goto-lists';
import type { PaletteGroup } from './palette-search';

const LIST_KIND: Record<GotoKind, ListKind> = {
  table: 'tables',
  skill: 'skills',
  task: 'tasks',
  page: 'pages',
  project: 'projects',
};

export interface PaletteSources {
  groups: PaletteGroup[];
  /** Lists that may be searched with this key, and how many of them have been walked. */
  lists: { total: number; done: number };
}

export interface PaletteSourceOptions {
  /**
   * A people directory's names for user and bot ids: tasks are then found by their
   * assignee's name, projects by their lead's. Absent: ids are not searched.
   */
  nameOfPerson?: (personId: string) => string | null;
}

function groupOf(
  t: Translate,
  kind: GotoKind,
  readable: boolean,
  result: { data: GotoList | undefined; error: unknown },
  nameOfPerson: PaletteSourceOptions['nameOfPerson'],
): PaletteGroup & { done: boolean } {
  const list = result.data;
  const items = withPeopleTerms(list?.items ?? [], nameOfPerson);
  const forbidden =
    !readable ||
    list?.forbidden === true ||
    (isApiError(result.error) && result.error.status === 403);
  let unavailable: string | null = null;
  let stopped: string | null = null;
  if (forbidden) {
    unavailable = t('shell.palette.unreadable', { kind });
  } else if (result.error && items.length === 0) {
    unavailable = t('shell.palette.failed', { kind });
  } else if (result.error) {
    stopped = t('shell.palette.partial', { kind, count: items.length });
  } else if (list?.problem) {
    stopped = t('shell.palette.stopped', {
      list: t('shell.palette.group', { kind }),
      message: listStoppedMessage(list.problem, LIST_KIND[kind], items.length, t),
    });
  } else if (list?.truncated) {
    stopped = t('shell.palette.truncated', { kind, max: formatNumber(MAX_ITEMS_PER_KIND) });
  }
  const done = forbidden || result.error !== null || list?.complete === true;
  return {
    kind,
    label: t('shell.palette.group', { kind }),
    items,
    // Names are words to search only with a directory; without one the walk's preparation holds.
    ...(list && items === list.items ? { prepared: list.prepared } : {}),
    loading: !done && list === undefined,
    unavailable,
    unreadable: forbidden,
    stopped,
    done,
  };
}

/**
 * What Go to searches: every table, skill, task, page and project the key may read, each
 * list walked to its end (or MAX_ITEMS_PER_KIND) in the background (./goto-lists.ts) and
 * searchable as its pages arrive. Nothing is asked until `active`; once asked, the walks
 * run as long as some component uses this hook (the layout keeps one after the first
 * opening, so closing Go to does not stop them).
 */
export function usePaletteSources(
  active: boolean,
  options: PaletteSourceOptions = {},
): PaletteSources {
  const client = useApiClient();
  const { canRead } = useReadableScopes();
  const t = useT();
  const results = useQueries({
    queries: GOTO_KINDS.map((kind) => ({
      ...gotoListQuery(client, kind),
      enabled: active && canRead(SCOPE_OF[kind]),
    })),
  });
  const { nameOfPerson } = options;
  const groups = GOTO_KINDS.map((kind, index) => {
    const result = results[index];
    return groupOf(
      t,
      kind,
      canRead(SCOPE_OF[kind]),
      { data: result?.data, error: result?.error ?? null },
      nameOfPerson,
    );
  });
  const readable = groups.filter((_, index) => canRead(SCOPE_OF[GOTO_KINDS[index] as GotoKind]));
  const lists = {
    total: readable.length,
    done: readable.filter((group) => group.done).length,
  };
  return { groups: groups.map(({ done: _done, ...group }) => group), lists };
}

/**
 * Keeps Go to's walks going while the palette is closed: mounted by the layout once Go to
 * has been opened in this workspace. Renders nothing.
 */
export function GotoSearchInBackground() {
  usePaletteSources(true);
  return null;
}
