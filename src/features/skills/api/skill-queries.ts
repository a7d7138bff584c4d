import { queryOptions } from '@tanstack/react-query';
import { guardedListOptions } from '../../../lib/api/guarded-list';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient } from '../../../lib/api/types';

export const SKILLS_PAGE_SIZE = 50;

export const skillQueries = {
  list: (client: ApiClient) =>
    guardedListOptions({
      queryKey: queryKeys.skillList(),
      fetchPage: ({ cursor, signal }) =>
        client.listSkills({ cursor, limit: SKILLS_PAGE_SIZE, signal }),
    }),
  detail: (client: ApiClient, skillId: string) =>
    queryOptions({
      queryKey: queryKeys.skill(skillId),
      queryFn: ({ signal }) => client.getSkill(skillId, { signal }),
    }),
};
