import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LoadingIndicator } from '../../components/loading-indicator';
import { MarkdownContent } from '../../components/markdown';
import { ProjectLink } from '../../components/project-link';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import { resourceQueries } from '../../lib/api/resource-queries';
import type { PageDetail, PageSummary } from '../../lib/api/types';
import { formatTimestamp } from '../../lib/i18n/formats';
import { useT } from '../../lib/i18n/i18n-react';
import { httpUrlOrNull } from '../../lib/safe-values';
import { ancestorsOf, type PageTree } from './page-tree';
import { usePageTree } from './use-page-tree';

/** Links here stand alone (the trail, the children list): tall enough for a thumb. */
const LINK =
  'text-blue-700 hover:underline dark:text-blue-300 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:items-center';

function Breadcrumb({
  ancestors,
  current,
}: {
  ancestors: PageSummary[];
  /** The page's name, or null while it loads. */
  current: string | null;
}) {
  const t = useT();
  return (
    <nav aria-label={t('pages.detail.breadcrumb')} className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-300">
        <li>
          <Link to={paths.pages()} className={LINK}>
            {t('pages.title')}
          </Link>
        </li>
        {ancestors.map((ancestor) => (
          <li key={ancestor.id} className="flex items-center gap-1">
            <span aria-hidden="true">/</span>
            <Link to={paths.page(ancestor.id)} className={LINK} translate="no">
              {ancestor.name}
            </Link>
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span aria-hidden="true">/</span>
          <span
            aria-current="page"
            className="break-all"
            translate={current === null ? undefined : 'no'}
          >
            {current ?? t('pages.detail.page')}
          </span>
        </li>
      </ol>
    </nav>
  );
}

function PageView({ page, tree }: { page: PageDetail; tree: PageTree }) {
  const t = useT();
  const cover = httpUrlOrNull(page.coverImageUrl);
  const children = tree.childrenOf.get(page.id) ?? [];
  const updated = formatTimestamp(page.updatedAt);
  return (
    <article className="space-y-6">
      {cover && (
        <img
          src={cover}
          alt=""
          referrerPolicy="no-referrer"
          className="h-40 w-full rounded-md bg-slate-200 object-cover sm:h-56 dark:bg-slate-800"
        />
      )}
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-semibold break-words text-slate-900 dark:text-white">
          {page.icon && <span aria-hidden="true">{page.icon}</span>}
          <span className="min-w-0" translate="no">
            {page.name}
          </span>
        </h1>
        {page.description && (
          <p className="mt-1 text-slate-600 dark:text-slate-300" translate="no">
            {page.description}
          </p>
        )}
        <p className="mt-2 flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-300">
          <span>{page.isPublic ? t('pages.public') : t('pages.private')}</span>
          {updated && (
            <time dateTime={page.updatedAt ?? undefined}>
              {t('pages.detail.updated', { date: updated })}
            </time>
          )}
          {page.projectId && (
            <span className="flex min-w-0 gap-1">
              {t('pages.detail.project')} <ProjectLink projectId={page.projectId} />
            </span>
          )}
        </p>
      </header>
      <section aria-label={t('pages.detail.content')}>
        {page.contentText ? (
          <div translate="no">
            <MarkdownContent source={page.contentText} />
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('pages.detail.noContent')}
          </p>
        )}
      </section>
      {children.length > 0 && (
        <section aria-labelledby="page-children-heading">
          <h2
            id="page-children-heading"
            className="text-sm font-semibold text-slate-800 dark:text-slate-100"
          >
            {t('pages.detail.children')}
          </h2>
          <ul className="mt-1 space-y-1 text-sm">
            {children.map((child) => (
              <li key={child.id}>
                <Link to={paths.page(child.id)} className={LINK} translate="no">
                  {child.icon && <span aria-hidden="true">{child.icon} </span>}
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** `/pages/:pageId`: one page with its cover, Markdown, children and ancestors. */
export function PageDetailPage() {
  const t = useT();
  const { pageId = '' } = useParams();
  const client = useApiClient();
  const page = useQuery(resourceQueries.page(client, pageId));
  const { tree } = usePageTree();

  let body: ReactNode;
  if (page.isPending) {
    body = (
      <LoadingIndicator label={t('pages.detail.loading')} failureReason={page.failureReason} />
    );
  } else if (page.isError) {
    body =
      isApiError(page.error) && page.error.status === 404 ? (
        <EmptyState
          title={t('pages.detail.notFound.title')}
          description={t('pages.detail.notFound.description')}
          action={
            <Link to={paths.pages()} className={buttonClasses('secondary')}>
              {t('pages.detail.allPages')}
            </Link>
          }
        />
      ) : (
        <ErrorPanel error={page.error} onRetry={() => void page.refetch()} />
      );
  } else {
    // Its Markdown is parsed off the main thread: the view shows whole once it is.
    body = (
      <Suspense fallback={<LoadingIndicator label={t('pages.detail.loading')} />}>
        <PageView page={page.data} tree={tree} />
      </Suspense>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <Breadcrumb
        ancestors={page.isSuccess ? ancestorsOf(tree, pageId) : []}
        current={page.isSuccess ? page.data.name : null}
      />
      {body}
    </div>
  );
}

export default PageDetailPage;
