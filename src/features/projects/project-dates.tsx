import type { ProjectSummary } from '../../lib/api/types';
import { useT } from '../../lib/i18n/i18n-react';
import { formatProjectDate } from './project-labels';

/** Start, target and end dates of a project, those it has. */
export function ProjectDates({ project }: { project: ProjectSummary }) {
  const t = useT();
  const dates: [string, string | null][] = [
    [t('projects.dates.starts'), project.startDate],
    [t('projects.dates.target'), project.targetDate],
    [t('projects.dates.ended'), project.endDate],
  ];
  const shown = dates.filter(([, value]) => value !== null);
  if (shown.length === 0) return null;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600 dark:text-slate-300">
      {shown.map(([term, value]) => (
        <div key={term} className="flex gap-1">
          <dt>{term}</dt>
          <dd>
            <time dateTime={value ?? undefined} translate="no">
              {formatProjectDate(value)}
            </time>
          </dd>
        </div>
      ))}
    </dl>
  );
}
