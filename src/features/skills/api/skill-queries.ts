import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient } from '../../../lib/api/types';

export const SKILLS_PAGE_SIZE = 50;

export const skillQueries = {
  list: (client: ApiClient) =>
    infiniteQueryOptions({
      queryKey: queryKeys.skillList(),
      queryFn: ({ pageParam, signal }) =>
        client.listSkills({ cursor: pageParam, limit: SKILLS_PAGE_SIZE, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  detail: (client: ApiClient, skillId: string) =>
    queryOptions({
      queryKey: queryKeys.skill(skillId),
      queryFn: ({ signal }) => client.getSkill(skillId, { signal }),
    }),
};
