import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { LoadingIndicator } from '../../components/loading-indicator';
import { touchTall } from '../../components/touch-target';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import { useT } from '../../lib/i18n/i18n-react';
import { useCheckedList } from '../../lib/use-checked-list';
import { ProjectBadge } from './project-badge';
import { ProjectDates } from './project-dates';
import { ProjectStatus } from './project-status';

/** `/projects`: every project with its status, icon, colour and dates. */
export function ProjectsPage() {
  const t = useT();
  const client = useApiClient();
  const projects = useInfiniteQuery(resourceQueries.projectList(client));
  const { items: loaded, stoppedMessage } = useCheckedList(projects.data, LIST_NOUNS.projects);

  return (
    <div className="mx-auto w-full max-w-4xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('projects.title')}
      </h1>
      <div className="mt-4">
        {projects.isPending ? (
          <LoadingIndicator label={t('projects.loading')} failureReason={projects.failureReason} />
        ) : projects.isError && loaded.length === 0 ? (
          <ErrorPanel error={projects.error} onRetry={() => void projects.refetch()} />
        ) : loaded.length === 0 && !projects.hasNextPage && stoppedMessage === null ? (
          <EmptyState
            title={t('projects.empty.title')}
            description={t('projects.empty.description')}
          />
        ) : (
          <>
            {/* An empty page may still point further (see src/lib/api/guarded-list.ts). */}
            <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white empty:hidden dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {loaded.map((project) => (
                <li key={project.id} className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <ProjectBadge project={project} />
                    <Link
                      to={paths.project(project.id)}
                      className={`font-medium break-words text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300 ${touchTall}`}
                      translate="no"
                    >
                      {project.name}
                    </Link>
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                      <ProjectStatus status={project.status} />
                    </span>
                    {project.isPrivate && (
                      <span className="text-xs text-slate-600 dark:text-slate-300">
                        {t('projects.private')}
                      </span>
                    )}
                  </div>
                  {project.description && (
                    <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300" translate="no">
                      {project.description}
                    </p>
                  )}
                  <ProjectDates project={project} />
                </li>
              ))}
            </ul>
            <InfiniteListFooter
              list={projects}
              label={t('projects.loadMore')}
              stopped={stoppedMessage}
              className="mt-3"
            />
          </>
        )}
      </div>
    </div>
  );
}

export default ProjectsPage;
