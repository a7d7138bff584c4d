import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { InfiniteListFooter } from '../../components/infinite-list-footer';
import { ListStoppedNote } from '../../components/list-stopped-note';
import { LoadingIndicator } from '../../components/loading-indicator';
import { PersonName } from '../../components/person-name';
import { touchTall } from '../../components/touch-target';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { Page, ProjectSummary } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import { type CheckedListView, useCheckedList } from '../../lib/use-checked-list';
import { useWalkToEnd, type WalkableList } from '../../lib/use-walk-to-end';
import { ProjectBadge } from './project-badge';
import { ProjectDates } from './project-dates';
import { ProjectStatus } from './project-status';

/** Every link here stands alone (list entries, the back link): tall enough for a thumb. */
const LINK = `text-blue-700 hover:underline dark:text-blue-300 ${touchTall}`;

type InfiniteList<T> = ReturnType<typeof useInfiniteQuery<Page<T>>>;

/**
 * Follows a list to its end (tables and pages are picked out of the whole list), or to
 * where the paging guard ended it.
 */
function useWholeList<T extends { id: string }>(
  query: WalkableList & { data: InfiniteList<T>['data'] },
  noun: (typeof LIST_NOUNS)[keyof typeof LIST_NOUNS],
): CheckedListView<T> {
  useWalkToEnd(query);
  return useCheckedList(query.data, noun);
}

function Section({
  title,
  headingId,
  children,
}: {
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** A section's words: while loading, when empty, and the list's name. */
interface LinkListTexts {
  loading: string;
  empty: string;
  list: string;
}

/** A section's state: loading, failed, empty, or its links. */
function LinkList<T extends { id: string; name: string }>({
  texts,
  query,
  items,
  linkTo,
  complete,
  stopped = null,
  onReload,
}: {
  texts: LinkListTexts;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    failureReason: unknown;
    refetch: () => unknown;
  };
  items: T[];
  linkTo: (item: T) => string;
  /** False while more of the list is still being fetched. */
  complete: boolean;
  /** The paging guard's sentence when it ended the whole list early, else null. */
  stopped?: string | null;
  onReload?: () => void;
}) {
  const note = stopped !== null && (
    <ListStoppedNote className="mt-2" message={stopped} onReload={onReload} />
  );
  if (query.isPending) {
    return <LoadingIndicator label={texts.loading} failureReason={query.failureReason} />;
  }
  if (query.isError && items.length === 0) {
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0 && complete) {
    return (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300">{texts.empty}</p>
        {note}
      </>
    );
  }
  return (
    <>
      <ul aria-label={texts.list} className="space-y-1 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={linkTo(item)} className={LINK} translate="no">
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
      {note}
    </>
  );
}

function ProjectTables({ projectId }: { projectId: string }) {
  const t = useT();
  const client = useApiClient();
  const query = useInfiniteQuery(resourceQueries.tableList(client));
  const all = useWholeList(query, LIST_NOUNS.tables);
  const tables = useMemo(
    () => all.items.filter((t) => t.projectId === projectId),
    [all.items, projectId],
  );
  return (
    <LinkList
      texts={{
        loading: t('projects.detail.tables.loading'),
        empty: t('projects.detail.tables.empty'),
        list: t('projects.detail.tables.list'),
      }}
      query={query}
      items={tables}
      linkTo={(table) => paths.table(table.id)}
      complete={!query.hasNextPage}
      stopped={all.stoppedMessage}
      onReload={() => void query.refetch()}
    />
  );
}

function ProjectPages({ projectId }: { projectId: string }) {
  const t = useT();
  const client = useApiClient();
  const query = useInfiniteQuery(resourceQueries.pageList(client));
  const all = useWholeList(query, LIST_NOUNS.pages);
  const pages = useMemo(
    () => all.items.filter((p) => p.projectId === projectId),
    [all.items, projectId],
  );
  return (
    <LinkList
      texts={{
        loading: t('projects.detail.pages.loading'),
        empty: t('projects.detail.pages.empty'),
        list: t('projects.detail.pages.list'),
      }}
      query={query}
      items={pages}
      linkTo={(page) => paths.page(page.id)}
      complete={!query.hasNextPage}
      stopped={all.stoppedMessage}
      onReload={() => void query.refetch()}
    />
  );
}

/** The project's tasks come from the service's own `project_id` filter, a page at a time. */
function ProjectTasks({ projectId }: { projectId: string }) {
  const t = useT();
  const client = useApiClient();
  const filters = useMemo(() => ({ projectId }), [projectId]);
  const query = useInfiniteQuery(resourceQueries.taskList(client, filters));
  const { items: tasks, stoppedMessage } = useCheckedList(query.data, LIST_NOUNS.tasks);
  return (
    <>
      <LinkList
        texts={{
          loading: t('projects.detail.tasks.loading'),
          empty: t('projects.detail.tasks.empty'),
          list: t('projects.detail.tasks.list'),
        }}
        query={query}
        items={tasks}
        linkTo={(task) => paths.task(task.id)}
        complete={!query.hasNextPage}
      />
      {!query.isPending && (
        <InfiniteListFooter
          list={query}
          label={t('projects.detail.tasks.loadMore')}
          stopped={stoppedMessage}
          className="mt-2"
        />
      )}
      {tasks.length > 0 && (
        <p className="mt-2 text-sm">
          <Link to={paths.tasks({ project_id: projectId })} className={LINK}>
            {t('projects.detail.showOnBoard')}
          </Link>
        </p>
      )}
    </>
  );
}

// Stands in for the id while the message is made, so the id can be its own element.
const SLOT = '\u2063';

/** "Lead: Léa Okafor", or "Lead: Unnamed user c222…" with Who is this? (leads are users). */
function LeadName({ id }: { id: string }) {
  const t = useT();
  const [before = '', after = ''] = t('projects.detail.leadPerson', { person: SLOT }).split(SLOT);
  return (
    <span>
      {before}
      <PersonName person={{ kind: 'user', id }} />
      {after}
    </span>
  );
}

function ProjectView({ project }: { project: ProjectSummary }) {
  const t = useT();
  return (
    <article className="space-y-8">
      <header>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold break-words text-slate-900 dark:text-white">
          <ProjectBadge project={project} />
          <span className="min-w-0" translate="no">
            {project.name}
          </span>
        </h1>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
          <span>
            <ProjectStatus status={project.status} />
          </span>
          {project.isPrivate && <span>{t('projects.private')}</span>}
          {project.leadId && <LeadName id={project.leadId} />}
        </p>
        {project.description && (
          <p className="mt-2 text-slate-700 dark:text-slate-200" translate="no">
            {project.description}
          </p>
        )}
        <ProjectDates project={project} />
      </header>
      <Section title={t('projects.detail.tables.title')} headingId="project-tables-heading">
        <ProjectTables projectId={project.id} />
      </Section>
      <Section title={t('projects.detail.tasks.title')} headingId="project-tasks-heading">
        <ProjectTasks projectId={project.id} />
      </Section>
      <Section title={t('projects.detail.pages.title')} headingId="project-pages-heading">
        <ProjectPages projectId={project.id} />
      </Section>
    </article>
  );
}

/** `/projects/:projectId`: a project and links to its tables, tasks and pages. */
export function ProjectDetailPage() {
  const t = useT();
  const { projectId = '' } = useParams();
  const client = useApiClient();
  const project = useQuery(resourceQueries.project(client, projectId));

  let body: ReactNode;
  if (project.isPending) {
    body = (
      <LoadingIndicator
        label={t('projects.detail.loading')}
        failureReason={project.failureReason}
      />
    );
  } else if (project.isError) {
    body =
      isApiError(project.error) && project.error.status === 404 ? (
        <EmptyState
          title={t('projects.detail.notFound.title')}
          description={t('projects.detail.notFound.description')}
          action={
            <Link to={paths.projects()} className={buttonClasses('secondary')}>
              {t('projects.detail.allProjects')}
            </Link>
          }
        />
      ) : (
        <ErrorPanel error={project.error} onRetry={() => void project.refetch()} />
      );
  } else {
    body = <ProjectView project={project.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <nav aria-label={t('projects.detail.breadcrumb')} className="mb-3 text-sm">
        <Link to={paths.projects()} className={LINK}>
          ← {t('projects.detail.allProjects')}
        </Link>
      </nav>
      {body}
    </div>
  );
}

export default ProjectDetailPage;
