import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { KeyboardHint } from '../../components/keyboard-hint';
import { ListStoppedNote } from '../../components/list-stopped-note';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useT } from '../../lib/i18n/i18n-react';
import { PageChanges } from './page-changes';
import { PageTreeView } from './page-tree-view';
import { usePageTree } from './use-page-tree';

/** `/pages`: the workspace's pages as a tree by parent. */
export function PagesPage() {
  const t = useT();
  const { query, pages, tree, stoppedMessage } = usePageTree();

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('pages.title')}</h1>
      <KeyboardHint className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('pages.tree.hint')}
      </KeyboardHint>
      <PageChanges
        pages={pages}
        shownAt={query.isSuccess && !query.isPlaceholderData ? query.dataUpdatedAt : null}
      />
      <div className="mt-4">
        {query.isPending ? (
          <LoadingIndicator label={t('pages.loading')} failureReason={query.failureReason} />
        ) : query.isError && pages.length === 0 ? (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
        ) : pages.length === 0 && !query.hasNextPage && stoppedMessage === null ? (
          <EmptyState title={t('pages.empty.title')} description={t('pages.empty.description')} />
        ) : (
          <>
            {pages.length > 0 && (
              <div className="rounded-md border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
                <PageTreeView tree={tree} label={t('pages.title')} />
              </div>
            )}
            {query.isFetchNextPageError ? (
              <ErrorPanel
                className="mt-3"
                title={t('pages.loadFailed')}
                error={query.error}
                onRetry={() => void query.fetchNextPage()}
              />
            ) : query.hasNextPage ? (
              <LoadingIndicator
                label={t('pages.loadingMore', { count: pages.length })}
                failureReason={query.failureReason}
              />
            ) : (
              stoppedMessage !== null && (
                <ListStoppedNote message={stoppedMessage} onReload={() => void query.refetch()} />
              )
            )}
          </>
        )}
      </div>
    </div>
  );
}

export default PagesPage;
