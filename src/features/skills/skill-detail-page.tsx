import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { LinkedEntityLink } from '../../components/linked-entity-link';
import { LoadingIndicator } from '../../components/loading-indicator';
import { MarkdownContent } from '../../components/markdown';
import { paths } from '../../config/paths';
import { useApiClient } from '../../lib/api/api-client-context';
import { isApiError } from '../../lib/api/errors';
import type { SkillDetail } from '../../lib/api/types';
import { formatDateTime } from '../../lib/format-date';
import { skillQueries } from './api/skill-queries';

function SkillView({ skill }: { skill: SkillDetail }) {
  const created = formatDateTime(skill.createdAt);
  const updated = formatDateTime(skill.updatedAt);
  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold break-words text-slate-900 dark:text-white">
          {skill.name}
        </h1>
        {skill.description && (
          <p className="mt-1 text-slate-600 dark:text-slate-300">{skill.description}</p>
        )}
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {created && (
            <div className="flex gap-1">
              <dt>Created</dt>
              <dd>
                <time dateTime={skill.createdAt ?? undefined}>{created}</time>
              </dd>
            </div>
          )}
          {updated && (
            <div className="flex gap-1">
              <dt>Updated</dt>
              <dd>
                <time dateTime={skill.updatedAt ?? undefined}>{updated}</time>
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
            Linked
          </h2>
          <ul className="mt-1 space-y-0.5 text-sm">
            {skill.linkedEntities.map((entity) => (
              <li
                key={`${entity.type}:${entity.id}`}
                className="text-slate-700 dark:text-slate-200"
              >
                <span className="mr-1.5 rounded bg-slate-100 px-1 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                  {entity.type}
                </span>
                <LinkedEntityLink entity={entity} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Content">
        {skill.contentText ? (
          <MarkdownContent source={skill.contentText} />
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">This skill has no content.</p>
        )}
      </section>

      <details className="rounded-md border border-slate-200 dark:border-slate-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-200">
          Raw JSON
        </summary>
        <pre className="max-h-[60vh] overflow-auto border-t border-slate-200 p-3 font-mono text-xs text-slate-800 dark:border-slate-800 dark:text-slate-200">
          {JSON.stringify(skill.raw, null, 2)}
        </pre>
      </details>
    </article>
  );
}

/** `/skills/:skillId`: one skill with its Markdown rendered. Lazy-loaded with react-markdown. */
export function SkillDetailPage() {
  const { skillId = '' } = useParams();
  const client = useApiClient();
  const skill = useQuery(skillQueries.detail(client, skillId));

  let body: ReactNode;
  if (skill.isPending) {
    body = <LoadingIndicator label="Loading skill…" failureReason={skill.failureReason} />;
  } else if (skill.isError) {
    body =
      isApiError(skill.error) && skill.error.status === 404 ? (
        <EmptyState
          title="Skill not found"
          description="This skill does not exist, or this key cannot see it."
          action={
            <Link to={paths.skills()} className={buttonClasses('secondary')}>
              All skills
            </Link>
          }
        />
      ) : (
        <ErrorPanel error={skill.error} onRetry={() => void skill.refetch()} />
      );
  } else {
    body = <SkillView skill={skill.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to={paths.skills()} className="text-blue-700 hover:underline dark:text-blue-300">
          ← All skills
        </Link>
      </nav>
      {body}
    </div>
  );
}

export default SkillDetailPage;
