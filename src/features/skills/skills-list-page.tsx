import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { LoadingIndicator } from '../../components/loading-indicator';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import type { SkillSummary } from '../../lib/api/types';
import { formatTimestamp } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { useCheckedList } from '../../lib/use-checked-list';
import { useSearchOverLoaded } from '../../lib/use-search-over-loaded';
import { skillQueries } from './api/skill-queries';

const searchableTextsOfSkill = (skill: SkillSummary) => [skill.name, skill.description];

/** `/skills`: every skill, a page at a time as the list scrolls, searchable over what is loaded. */
export function SkillsListPage() {
  const t = useT();
  const client = useApiClient();
  const skills = useInfiniteQuery(skillQueries.list(client));
  const { search, setSearch, appliedSearch, loaded, visible } = useSearchOverLoaded(
    skills.data,
    searchableTextsOfSkill,
  );
  const { stoppedMessage } = useCheckedList(skills.data, LIST_NOUNS.skills);
  const searchId = useId();

  return (
    <div className="mx-auto w-full max-w-4xl p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('skills.title')}
        </h1>
        <div className="w-full sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            {t('skills.search')}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('skills.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
          />
        </div>
      </div>

      <div className="mt-4">
        {skills.isPending ? (
          <LoadingIndicator label={t('skills.loading')} failureReason={skills.failureReason} />
        ) : skills.isError && loaded.length === 0 ? (
          <ErrorPanel error={skills.error} onRetry={() => void skills.refetch()} />
        ) : loaded.length === 0 && !skills.hasNextPage && stoppedMessage === null ? (
          <EmptyState title={t('skills.empty.title')} description={t('skills.empty.description')} />
        ) : (
          <>
            {loaded.length > 0 && visible.length === 0 && (
              <EmptyState
                title={t('skills.noMatch.title', { search: appliedSearch })}
                description={
                  skills.hasNextPage
                    ? t('skills.noMatch.partial', { count: loaded.length })
                    : undefined
                }
              />
            )}
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white empty:hidden dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {visible.map((skill) => (
                <li key={skill.id}>
                  <Link
                    to={paths.skill(skill.id)}
                    className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800/60"
                  >
                    <span
                      className="block font-medium text-slate-900 dark:text-white"
                      translate="no"
                    >
                      {skill.name}
                    </span>
                    {skill.description && (
                      <span
                        className="mt-0.5 line-clamp-2 block text-sm text-slate-600 dark:text-slate-300"
                        translate="no"
                      >
                        {skill.description}
                      </span>
                    )}
                    {skill.updatedAt && (
                      <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                        {t('skills.updated', { date: formatTimestamp(skill.updatedAt) ?? '' })}
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
            <InfiniteListFooter
              list={skills}
              label={t('skills.loadMore')}
              stopped={stoppedMessage}
              className="mt-3"
            />
          </>
        )}
      </div>
    </div>
  );
}
