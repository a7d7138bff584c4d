import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LinkedEntityLink } from '../../components/linked-entity-link';
import { LoadingIndicator } from '../../components/loading-indicator';
import { MarkdownContent } from '../../components/markdown';
import { ServiceValue } from '../../components/service-value';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import type { SkillDetail } from '../../lib/api/types';
import { formatTimestamp } from '../../lib/i18n/formats';
import { type Translate, useT } from '../../lib/i18n/i18n-react';
import type { MessageKey } from '../../lib/i18n/message-keys';
import { skillQueries } from './api/skill-queries';

const LINKED_TYPE_LABELS: Record<string, MessageKey> = {
  table: 'skills.linkedType.table',
  record: 'skills.linkedType.record',
  skill: 'skills.linkedType.skill',
  task: 'skills.linkedType.task',
  page: 'skills.linkedType.page',
  project: 'skills.linkedType.project',
};

/** A linked entity's type word (`table`, `tasks`, …) in words, or null for one we don't know. */
function linkedTypeLabel(t: Translate, type: string): string | null {
  const key = LINKED_TYPE_LABELS[type.trim().toLowerCase().replace(/s$/, '')];
  return key ? t(key) : null;
}

function SkillView({ skill }: { skill: SkillDetail }) {
  const t = useT();
  const created = formatTimestamp(skill.createdAt);
  const updated = formatTimestamp(skill.updatedAt);
  return (
    <article className="space-y-6">
      <header>
        <h1
          className="text-2xl font-semibold break-words text-slate-900 dark:text-white"
          translate="no"
        >
          {skill.name}
        </h1>
        {skill.description && (
          <p className="mt-1 text-slate-600 dark:text-slate-300" translate="no">
            {skill.description}
          </p>
        )}
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {created && (
            <div className="flex gap-1">
              <dt>{t('skills.detail.created')}</dt>
              <dd>
                <time dateTime={skill.createdAt ?? undefined} translate="no">
                  {created}
                </time>
              </dd>
            </div>
          )}
          {updated && (
            <div className="flex gap-1">
              <dt>{t('skills.detail.updated')}</dt>
              <dd>
                <time dateTime={skill.updatedAt ?? undefined} translate="no">
                  {updated}
                </time>
              </dd>
            </div>
          )}
        </dl>
      </header>

      {skill.linkedEntities && skill.linkedEntities.length > 0 && (
        <section aria-labelledby="skill-linked-heading">
          <h2
            id="skill-linked-heading"
            className="text-sm font-semibold text-slate-800 dark:text-slate-100"
          >
            {t('skills.detail.linked')}
          </h2>
          <ul className="mt-1 space-y-0.5 text-sm">
            {skill.linkedEntities.map((entity) => (
              <li
                key={`${entity.type}:${entity.id}`}
                className="text-slate-700 dark:text-slate-200"
              >
                <span className="mr-1.5 rounded bg-slate-100 px-1 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  <ServiceValue value={entity.type} label={linkedTypeLabel(t, entity.type)} />
                </span>
                <LinkedEntityLink entity={entity} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label={t('skills.detail.content')}>
        {skill.contentText ? (
          <div translate="no">
            <MarkdownContent source={skill.contentText} />
          </div>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {t('skills.detail.noContent')}
          </p>
        )}
      </section>

      <details className="rounded-md border border-slate-200 dark:border-slate-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200">
          {t('skills.detail.rawJson')}
        </summary>
        <pre
          translate="no"
          className="max-h-[60vh] overflow-auto border-t border-slate-200 p-3 font-mono text-xs text-slate-800 dark:border-slate-800 dark:text-slate-200"
        >
          {JSON.stringify(skill.raw, null, 2)}
        </pre>
      </details>
    </article>
  );
}

/** `/skills/:skillId`: one skill with its Markdown rendered. Its Markdown is parsed in a worker (components/markdown.tsx). */
export function SkillDetailPage() {
  const t = useT();
  const { skillId = '' } = useParams();
  const client = useApiClient();
  const skill = useQuery(skillQueries.detail(client, skillId));

  let body: ReactNode;
  if (skill.isPending) {
    body = (
      <LoadingIndicator label={t('skills.detail.loading')} failureReason={skill.failureReason} />
    );
  } else if (skill.isError) {
    body =
      isApiError(skill.error) && skill.error.status === 404 ? (
        <EmptyState
          title={t('skills.detail.notFound.title')}
          description={t('skills.detail.notFound.description')}
          action={
            <Link to={paths.skills()} className={buttonClasses('secondary')}>
              {t('skills.detail.allSkills')}
            </Link>
          }
        />
      ) : (
        <ErrorPanel error={skill.error} onRetry={() => void skill.refetch()} />
      );
  } else {
    // Its Markdown is parsed off the main thread: the view shows whole once it is.
    body = (
      <Suspense fallback={<LoadingIndicator label={t('skills.detail.loading')} />}>
        <SkillView skill={skill.data} />
      </Suspense>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <nav aria-label={t('skills.detail.breadcrumb')} className="mb-3 text-sm">
        <Link
          to={paths.skills()}
          className="text-blue-700 hover:underline pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center dark:text-blue-300"
        >
          ← {t('skills.detail.allSkills')}
        </Link>
      </nav>
      {body}
    </div>
  );
}

export default SkillDetailPage;
